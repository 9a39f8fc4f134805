import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookiesOf, createUser, fetchApp, postForm, signIn } from "./helpers";
import { expectNoMail, waitForNewestMail } from "./outbox-support";

let counter = 0;
const uniqueEmail = () => `contact-${Date.now().toString(36)}-${++counter}@example.test`;

const storedMessages = async (email: string) =>
  (
    await env.DB.prepare("SELECT name, email, topic, message, user_id FROM contact_messages WHERE email = ?")
      .bind(email)
      .all()
  ).results;

describe("the contact form", () => {
  it("stores a valid message, mails the sender a copy and redirects with a notice", async () => {
    const email = uniqueEmail();
    const message = "Where can I find the <b>field trip</b> form?\r\nThanks!";
    const response = await postForm("/about/contact", { name: "Jo Parent", email, topic: "general", message });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about/contact");
    expect(await storedMessages(email)).toEqual([
      {
        name: "Jo Parent",
        email,
        topic: "general",
        message: "Where can I find the <b>field trip</b> form?\nThanks!",
        user_id: null,
      },
    ]);

    const mail = await waitForNewestMail(email);
    expect(mail.subject).toBe("We received your message");
    expect(mail.text).toContain("Hello Jo Parent,");
    expect(mail.text).toContain("General question");
    expect(mail.text).toContain("> Where can I find the <b>field trip</b> form?\n> Thanks!");
    expect(mail.html).toContain("Where can I find the &lt;b&gt;field trip&lt;/b&gt; form?<br>Thanks!");

    const page = await fetchApp("/about/contact", { headers: { Cookie: cookiesOf(response) } });
    expect(await page.text()).toContain("Thank you! Your message has been sent");
  });

  it("answers invalid input with 400, a message at each field and everything typed", async () => {
    const response = await postForm("/about/contact", {
      name: " ",
      email: "jo@nowhere",
      topic: "",
      message: "Too short",
    });

    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please correct the fields marked below.");
    for (const [field, message] of [
      ["name", "Please enter your name."],
      ["email", "Please enter a valid email address, like name@example.com."],
      ["topic", "Please choose a topic."],
      ["message", "Your message needs at least 10 characters."],
    ]) {
      expect(html).toContain(`<p class="field-error" id="contact-${field}-error">${message}</p>`);
      expect(html).toMatch(
        new RegExp(`id="contact-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*contact-${field}-error"`),
      );
    }
    expect(html).toContain('value="jo@nowhere"');
    expect(html).toMatch(/<textarea[^>]*>Too short<\/textarea>/);
    expect(await storedMessages("jo@nowhere")).toEqual([]);
  });

  it("keeps a chosen topic and a too long message", async () => {
    const response = await postForm("/about/contact", {
      name: "Jo",
      email: "jo@example.test",
      topic: "privacy",
      message: "x".repeat(5001),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your message can be at most 5,000 characters.");
    expect(html).toMatch(/<option value="privacy" selected="">Privacy request<\/option>/);
    expect(html).not.toContain('id="contact-topic-error"');
  });

  it("pretends to accept a bot's message but stores and mails nothing", async () => {
    const email = uniqueEmail();
    const response = await postForm("/about/contact", {
      name: "Spam Bot",
      email,
      topic: "general",
      message: "Buy cheap followers now!!!",
      website: "https://spam.example",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about/contact");
    expect(await storedMessages(email)).toEqual([]);
    await expectNoMail(email);
  });

  it("prefills name and email for a signed-in user and links the message to the account", async () => {
    const user = await createUser({ name: "Morgan Member" });
    const cookie = await signIn(user.email, user.password);
    const page = await (await fetchApp("/about/contact", { headers: { Cookie: cookie } })).text();
    expect(page).toMatch(/id="contact-name"[^>]*value="Morgan Member"/);
    expect(page).toMatch(new RegExp(`id="contact-email"[^>]*value="${user.email}"`));

    const response = await postForm(
      "/about/contact",
      { name: "Morgan Member", email: user.email, topic: "account", message: "I cannot find my settings page." },
      { cookie },
    );
    expect(response.status).toBe(302);
    expect(await storedMessages(user.email)).toEqual([expect.objectContaining({ user_id: user.id })]);
  });
});
