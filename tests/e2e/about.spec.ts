import { axeViolations } from "./axe";
import { expect, openMail, signInAs, test } from "./support";

const pages = [
  { path: "/about", link: "About", heading: "About SchoolHub" },
  { path: "/about/aup", link: "Acceptable Use", heading: "Acceptable Use Policy" },
  { path: "/about/privacy", link: "Privacy", heading: "Privacy Policy" },
  { path: "/about/terms", link: "Terms", heading: "Terms of Service" },
  { path: "/about/contact", link: "Contact", heading: "Contact us" },
];

const uniqueEmail = (project: string) => `about-${project}-${Date.now().toString(36)}@example.test`;

test.describe("About pages", () => {
  // axe runs inside the page, so this check needs JavaScript; the markup is the same without it.
  test("have no detectable accessibility problems, the contact form's errors included @js-only", async ({ page }) => {
    // Several pages, each rendered and analysed: like the other accessibility tests, more than
    // the default 30 s on a busy machine (one timed out at 30.9 s at a load average of 20).
    test.setTimeout(90_000);
    for (const about of pages) {
      await page.goto(about.path);
      expect(await axeViolations(page, { include: "main" }), about.path).toEqual([]);
    }
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    expect(await axeViolations(page, { include: "main" })).toEqual([]);
  });

  // Each page's content, as reached through the sub-navigation: its heading, a title naming
  // SchoolHub, and its own link marked current. (Each answers 200 in layout.spec.ts, as a guest,
  // with and without JavaScript.)
  test("the sub-navigation leads to every About page, each with its content", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    const nav = page.getByRole("navigation", { name: "About SchoolHub" });
    for (const about of [...pages.slice(1), pages[0]!]) {
      await nav.getByRole("link", { name: about.link, exact: true }).click();
      await expect(page).toHaveURL(about.path);
      await expect(page.getByRole("heading", { level: 1, name: about.heading })).toBeVisible();
      await expect(page).toHaveTitle(/SchoolHub/);
      await expect(nav.getByRole("link", { name: about.link, exact: true })).toHaveAttribute("aria-current", "page");
    }
  });
});

test.describe("the contact form", () => {
  test("shows each problem at its field and keeps what was typed", async ({ page }) => {
    await page.goto("/about/contact");
    await page.getByLabel("Your name").fill("Jo Parent");
    await page.getByLabel("Email address").fill("jo@nowhere");
    await page.getByLabel("Topic").selectOption({ label: "Account help" });
    await page.getByRole("textbox", { name: "Message" }).fill("Too short");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Please correct the fields marked below." })).toBeVisible();
    const email = page.getByLabel("Email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Please enter a valid email address, like name@example.com\./);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
      /Your message needs at least 10 characters\./,
    );
    await expect(page.getByLabel("Your name")).not.toHaveAttribute("aria-invalid");
    // Nothing typed is lost.
    await expect(page.getByLabel("Your name")).toHaveValue("Jo Parent");
    await expect(email).toHaveValue("jo@nowhere");
    await expect(page.getByLabel("Topic")).toHaveValue("account");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("Too short");
  });

  // Guests get the plain form (no scripts on About pages, decision 043); signed-in users keep
  // the app, and with it these enhancements.
  test("with JavaScript, moves focus to the first field to fix @js-only", async ({ page }) => {
    await signInAs(page, "patparent", { to: "/about/contact" });
    await page.getByLabel("Your name").fill("Jo Parent");
    await page.getByLabel("Email address").fill("");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByLabel("Email address")).toBeFocused();
  });

  test("with JavaScript, shows that the message is being sent @js-only", async ({ page }, testInfo) => {
    await signInAs(page, "patparent", { to: "/about/contact" });
    await page.getByLabel("Your name").fill("Jo Parent");
    await page.getByLabel("Email address").fill(uniqueEmail(`${testInfo.project.name}-pending`));
    await page.getByLabel("Topic").selectOption({ label: "Privacy request" });
    await page.getByRole("textbox", { name: "Message" }).fill("Please send me a copy of my data.");
    // Hold the submission so the pending state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/about/contact.data", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  });

  test("sends a valid message, confirms it, and mails the sender a copy", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name);
    await page.goto("/about/contact");
    await page.getByLabel("Your name").fill("Jo Parent");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Topic").selectOption({ label: "General question" });
    await page
      .getByLabel("Message")
      .fill("When is the spring concert? Visit https://example.test/concert for details.");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page).toHaveURL("/about/contact");
    await expect(page.getByRole("status")).toContainText("Thank you! Your message has been sent");
    // A sent form starts over.
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

    const mail = await openMail(page, email);
    // The outbox asked for one address (`?to=`) lists that address's mail only: this one copy.
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(mail.getByRole("heading", { name: "We received your message" })).toBeVisible();
    await expect(mail).toContainText("> When is the spring concert?");
    await expect(mail.getByRole("link", { name: "https://example.test/concert" })).toBeVisible();
  });
});
