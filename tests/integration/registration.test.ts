import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/server/auth/crypto.server";
import { EMAIL_TOKEN_TTL_MS } from "~/server/auth/email-tokens.server";
import { REGISTRATION_LIMIT } from "~/server/auth/registration.server";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp } from "./helpers";
import { expectNoMail, waitForNewestMail } from "./outbox-support";
import { mailedToken, newcomer, postFrom, registrationFields } from "./registration-support";

const findUser = (email: string) =>
  getDb().query.users.findFirst({ where: sql`lower(${schema.users.email}) = ${email.toLowerCase()}` });

describe("/login/register", () => {
  it("offers registration with email, Google and Apple (both configured in the tests)", async () => {
    const response = await fetchApp("/login/register");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/login/registeremail"');
    expect(html).toContain("Register with email");
    expect(html).toContain('href="/login/google"');
    expect(html).toContain('href="/login/apple"');
  });
});

describe("/login/registeremail", () => {
  it("asks for name, email, username, password twice and acceptance of the Terms and the AUP", async () => {
    const html = await (await fetchApp("/login/registeremail")).text();
    for (const name of ["name", "email", "username", "password", "confirmPassword", "acceptTerms"]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain('href="/about/terms"');
    expect(html).toContain('href="/about/aup"');
  });

  it("shows no captcha while captcha is not configured", async () => {
    const html = await (await fetchApp("/login/registeremail")).text();
    expect(html).not.toContain("g-recaptcha");
    expect(html).not.toContain("recaptcha/api.js");
  });

  it("shows every error at its field at once and keeps what was typed, never the passwords", async () => {
    const response = await postFrom("203.0.113.1", "/login/registeremail", {
      name: "",
      email: "not-an-email",
      username: "AB",
      password: "short",
      confirmPassword: "different",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter your name.");
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain("A username has 3 to 30 characters.");
    expect(html).toContain("A password has 8 to 128 characters.");
    expect(html).toContain("The two passwords do not match.");
    expect(html).toContain("Accept the Terms of Service and the Acceptable Use Policy to register.");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="AB"');
    expect(html).not.toContain('value="short"');
    expect(html).not.toContain('value="different"');
  });

  it("keeps the acceptance ticked after an error elsewhere", async () => {
    const person = newcomer("tick");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { confirmPassword: "something else" }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/name="acceptTerms"[^>]*checked/);
  });

  it("refuses usernames of only digits, with other characters, or too long", async () => {
    const cases = [
      ["12345", "A username cannot be only digits."],
      ["pat-parent", "Use only letters a–z, digits, underscore (_) and dot (.)."],
      ["x".repeat(31), "A username has 3 to 30 characters."],
    ];
    for (const [username, message] of cases) {
      const person = newcomer("uname");
      const response = await postFrom(person.address, "/login/registeremail", registrationFields(person, { username }));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
  });

  it("refuses a name over 80 characters and an email over 254", async () => {
    const person = newcomer("long");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { name: "n".repeat(81), email: `${"e".repeat(250)}@example.test` }),
    );
    const html = await response.text();
    expect(html).toContain("A name can have at most 80 characters.");
    expect(html).toContain("An email address can have at most 254 characters.");
  });

  it("refuses a password that is the email or the username", async () => {
    const person = newcomer("same");
    for (const [password, message] of [
      [person.email.toUpperCase(), "Your password cannot be your email address."],
      [person.username, "Your password cannot be your username."],
    ]) {
      const response = await postFrom(
        person.address,
        "/login/registeremail",
        registrationFields(person, { password, confirmPassword: password }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
  });

  it("refuses a username that is already taken, whatever its case, without a word about the email", async () => {
    const existing = await createUser();
    const person = newcomer("dup");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { email: existing.email.toUpperCase(), username: existing.username!.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).not.toContain("already registered");
    expect(html).toContain("That username is taken.");
    expect(html).toContain(`value="${existing.email.toUpperCase()}"`);
  });

  it("answers an email that already has an account as a new one, and mails its owner instead", async () => {
    const existing = await createUser();
    const person = newcomer("again");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { email: existing.email.toUpperCase() }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login/registeremail?sent=${encodeURIComponent(existing.email)}`);
    expect(await findUser(person.email)).toBeUndefined();
    const mail = await waitForNewestMail(existing.email);
    expect(mail?.subject).toBe("Someone tried to register with your email");
    expect(mail?.text).toContain("http://localhost/login/resetpassword");
    const users = await getDb().select().from(schema.users).where(eq(schema.users.username, person.username));
    expect(users).toHaveLength(0);
  });

  it("limits registrations per client address, atomically", async () => {
    const address = newcomer().address;
    const people = Array.from({ length: REGISTRATION_LIMIT.limit + 5 }, () => newcomer("burst"));
    const responses = await Promise.all(
      people.map((person) => postFrom(address, "/login/registeremail", registrationFields(person))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(REGISTRATION_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many accounts were created from this network.");
  });

  it("creates an account that is not activated yet and mails its activation link in text and HTML", async () => {
    const person = newcomer("fresh");
    const before = Date.now();
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { email: person.email.toUpperCase(), username: person.username.toUpperCase() }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login/registeremail?sent=${encodeURIComponent(person.email)}`);

    const user = await findUser(person.email);
    expect(user).toMatchObject({ name: person.name, email: person.email, username: person.username });
    expect(user?.activatedAt).toBeNull();
    expect(user?.emailVerifiedAt).toBeNull();

    const { token, mail } = await mailedToken(person.email, "/login/activate");
    expect(mail.subject).toBe("Activate your SchoolHub account");
    expect(mail.text).toContain(`Hello ${person.name},`);
    expect(mail.html).toContain(`href="http://localhost/login/activate?token=${token}"`);

    // Only the hash is stored, valid for 48 hours.
    const row = await getDb().query.emailTokens.findFirst({
      where: eq(schema.emailTokens.hash, await sha256Hex(token)),
    });
    expect(row).toMatchObject({ purpose: "activate", userId: user!.id, usedAt: null });
    expect(row!.expiresAt - row!.createdAt).toBe(EMAIL_TOKEN_TTL_MS.activate);
    expect(row!.createdAt).toBeGreaterThanOrEqual(before);
  });

  it("shows the check-your-email page, which can send the mail again", async () => {
    const person = newcomer("check");
    const created = await postFrom(person.address, "/login/registeremail", registrationFields(person));
    const page = await fetchApp(created.headers.get("Location")!);
    const html = await page.text();
    expect(html).toContain("Check your email");
    expect(html).toContain(`We sent an activation link to ${person.email}.`);
    expect(html).toContain('action="/login/activate"');
    expect(html).toContain("Send the email again");
  });

  it("sends signed-in people on to the newsfeed", async () => {
    const user = await createUser();
    const signedIn = await postFrom("203.0.113.2", "/login", { identifier: user.email, password: user.password });
    const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    for (const path of ["/login/register", "/login/registeremail"]) {
      const response = await fetchApp(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/newsfeed");
    }
    await expectNoMail(user.email);
  });
});
