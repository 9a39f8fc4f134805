import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { EMAIL_CHANGE_TTL_MS, requestEmailChange } from "~/server/settings/email-change.server";
import { createUser, fetchApp } from "./helpers";
import { expectNoMail, waitForNewestMail } from "./outbox-support";
import { browserFor, mailedToken, pageText } from "./settings-support";

const userRow = (id: number) => getDb().query.users.findFirst({ where: eq(schema.users.id, id) });
let counter = 0;
const freshAddress = () => `new-${Date.now().toString(36)}-${++counter}@example.test`;

// The settings service translates mails with i18next; tests that call it directly read keys.
const keysOnly = ((key: string) => key) as unknown as Parameters<typeof requestEmailChange>[2]["t"];

describe("changing the email address", () => {
  it("mails a link to the new address and changes nothing until it is opened", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const address = freshAddress();
    const sent = await browser.post("/profile/settings", {
      intent: "email",
      email: `  ${address.toUpperCase()} `,
      currentPassword: user.password,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/profile/settings");

    const mail = await waitForNewestMail(address);
    expect(mail?.subject).toBe("Confirm your new SchoolHub email address");
    expect(mail?.text).toContain(`http://localhost/profile/verifyemail?token=`);
    expect(mail?.html).toContain("/profile/verifyemail?token=");
    expect((await userRow(user.id))?.email).toBe(user.email);

    const page = await pageText(await browser.get("/profile/settings"));
    expect(page).toContain(`We sent a confirmation link to ${address}. Open it within 24 hours`);
    expect(page).toContain(`Your email address is ${user.email}.`);
    expect(page).toContain(`We sent a confirmation link to ${address}. Your address changes when you open it.`);
  });

  it("changes the address when the link is opened, once, and tells the old address", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const address = freshAddress();
    await browser.post("/profile/settings", { intent: "email", email: address, currentPassword: user.password });
    const token = await mailedToken(address);

    const opened = await browser.get(`/profile/verifyemail?token=${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/profile/settings");
    const row = await userRow(user.id);
    expect(row?.email).toBe(address);
    expect(row?.emailVerifiedAt).toBeGreaterThan(0);
    expect(await pageText(await browser.get("/profile/settings"))).toContain(`Your email address is now ${address}.`);

    const notice = await waitForNewestMail(user.email);
    expect(notice?.subject).toBe("Your SchoolHub email address was changed");
    expect(notice?.text).toContain(`changed to ${address}`);

    const again = await browser.get(`/profile/verifyemail?token=${token}`);
    expect(again.status).toBe(400);
    expect(await pageText(again)).toContain("This confirmation link has already been used.");
  });

  it("works when the link is opened signed out, and then asks to sign in", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const address = freshAddress();
    await browser.post("/profile/settings", { intent: "email", email: address, currentPassword: user.password });
    const opened = await fetchApp(`/profile/verifyemail?token=${await mailedToken(address)}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/login");
    expect((await userRow(user.id))?.email).toBe(address);
  });

  it("explains an expired or unknown link and points to settings", async () => {
    const user = await createUser();
    const address = freshAddress();
    const yesterday = Date.now() - EMAIL_CHANGE_TTL_MS - 60_000;
    await requestEmailChange(
      user,
      { email: address, currentPassword: user.password },
      { origin: "http://localhost", t: keysOnly },
      yesterday,
    );
    const expired = await fetchApp(`/profile/verifyemail?token=${await mailedToken(address)}`);
    expect(expired.status).toBe(400);
    const text = await pageText(expired);
    expect(text).toContain("This confirmation link has expired.");
    expect(text).toContain("You can ask for a new link in your settings.");
    expect((await userRow(user.id))?.email).toBe(user.email);

    const unknown = await fetchApp("/profile/verifyemail?token=not-a-real-token");
    expect(unknown.status).toBe(400);
    expect(await pageText(unknown)).toContain("This confirmation link is not valid.");
    const missing = await fetchApp("/profile/verifyemail");
    expect(missing.status).toBe(400);
  });

  it("replaces an earlier link when a new one is asked for", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const first = freshAddress();
    const second = freshAddress();
    await browser.post("/profile/settings", { intent: "email", email: first, currentPassword: user.password });
    await browser.post("/profile/settings", { intent: "email", email: second, currentPassword: user.password });
    const stale = await fetchApp(`/profile/verifyemail?token=${await mailedToken(first)}`);
    expect(stale.status).toBe(400);
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it("refuses an address another account has, at the field, keeping what was typed", async () => {
    const other = await createUser();
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", {
      intent: "email",
      email: other.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("That email address belongs to another account.");
    expect(html).toContain(`value="${other.email.toUpperCase()}"`);
    await expectNoMail(other.email);
  });

  it("does not change the address if someone took it before the link was opened", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const address = freshAddress();
    await browser.post("/profile/settings", { intent: "email", email: address, currentPassword: user.password });
    await createUser({ email: address });
    const opened = await fetchApp(`/profile/verifyemail?token=${await mailedToken(address)}`);
    expect(opened.status).toBe(409);
    expect(await pageText(opened)).toContain("now belongs to another account");
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it("needs the current password, right, and a different valid address", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const address = freshAddress();
    const cases: [Record<string, string>, number, string][] = [
      [{ email: address, currentPassword: "wrong password" }, 403, "That is not your current password."],
      [{ email: address, currentPassword: "" }, 400, "Enter your current password."],
      [{ email: "not-an-address", currentPassword: user.password }, 400, "Enter a valid email address"],
      [{ email: user.email, currentPassword: user.password }, 400, "That is already your email address."],
    ];
    for (const [fields, status, message] of cases) {
      const response = await browser.post("/profile/settings", { intent: "email", ...fields });
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    }
    await expectNoMail(address);
  });

  it("lets an account without a password change its address with the link alone", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await getDb().update(schema.users).set({ passwordHash: null }).where(eq(schema.users.id, user.id));
    const address = freshAddress();
    const sent = await browser.post("/profile/settings", { intent: "email", email: address });
    expect(sent.status).toBe(302);
    await browser.get(`/profile/verifyemail?token=${await mailedToken(address)}`);
    expect((await userRow(user.id))?.email).toBe(address);
  });
});

describe("pages opened from a mailed link", () => {
  it("never send their token-bearing address on to other sites", async () => {
    for (const path of ["/profile/verifyemail?token=x", "/login/activate?token=x", "/login/resetpassword?token=x"]) {
      const html = await (await fetchApp(path)).text();
      expect(html, path).toContain('<meta name="referrer" content="same-origin"/>');
    }
  });
});
