import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { rotateRefreshToken } from "~/server/auth/tokens.server";
import { authenticateWebRequest } from "~/server/auth/web-auth.server";
import { getDb, schema } from "~/server/db/db.server";
import { findUser } from "~/server/users/users.server";
import { createUser, postForm } from "./helpers";
import { browserFor, pageText } from "./settings-support";

const userRow = (id: number) => getDb().query.users.findFirst({ where: eq(schema.users.id, id) });

describe("/profile/settings", () => {
  it("is for signed-in users only", async () => {
    const page = await postForm("/profile/settings", { intent: "profile", name: "Guest" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fsettings");
  });

  it("shows every section with the account's current values", async () => {
    const user = await createUser({ name: "Jo Settings" });
    const browser = await browserFor(user);
    const page = await browser.get("/profile/settings");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const heading of ["Profile", "Email address", "Password", "Theme", "Delete account"]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain('value="Jo Settings"');
    expect(html).toContain(`value="${user.username}"`);
    expect(html).toContain(`Your email address is ${user.email}.`);
  });
});

describe("name and username", () => {
  it("saves both and comes back with a notice (PRG)", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const saved = await browser.post("/profile/settings", {
      intent: "profile",
      name: "  Jo Newname ",
      username: "Jo.New_1",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile/settings");
    expect(await userRow(user.id)).toMatchObject({ name: "Jo Newname", username: "jo.new_1" });
    const text = await pageText(await browser.get("/profile/settings"));
    expect(text).toContain("Your profile has been saved.");
  });

  it("changes the name people reach in chat links: /chat/@username is built from the current username", async () => {
    // Chat links are computed from users.username wherever they are shown; nothing else stores
    // the username, so after this change every /chat/@old link becomes /chat/@new.
    const user = await createUser();
    const browser = await browserFor(user);
    await browser.post("/profile/settings", { intent: "profile", name: user.name, username: "renamed_user" });
    expect((await findUser({ identifier: "renamed_user" }))?.id).toBe(user.id);
    expect(await findUser({ identifier: user.username! })).toBeUndefined();
    const result = await signInWithPassword({ identifier: "renamed_user", password: user.password, address: "t" });
    expect(result.status).toBe("signed_in");
  });

  it("may clear the username, leaving chat links at /chat/{id}", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await browser.post("/profile/settings", { intent: "profile", name: user.name, username: "  " });
    expect((await userRow(user.id))?.username).toBeNull();
  });

  it("refuses a bad name or username at the field and keeps what was typed", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const cases: [Record<string, string>, string][] = [
      [{ name: "", username: "kept_name" }, "Enter your name."],
      [{ name: "x".repeat(81), username: "kept_name" }, "A name can have at most 80 characters."],
      [{ name: "Jo", username: "ab" }, "A username has 3 to 30 characters."],
      [{ name: "Jo", username: "a".repeat(31) }, "A username has 3 to 30 characters."],
      [{ name: "Jo", username: "jo smith!" }, "Use only letters a–z, digits, underscore (_) and dot (.)."],
      [{ name: "Jo", username: "12345" }, "A username cannot be only digits."],
    ];
    for (const [fields, message] of cases) {
      const response = await browser.post("/profile/settings", { intent: "profile", ...fields });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.username}"`);
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await userRow(user.id)).toMatchObject({ name: user.name, username: user.username });
  });

  it("refuses a username someone else has, in any case", async () => {
    const other = await createUser({ username: "taken_name" });
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", { intent: "profile", name: "Jo", username: "Taken_Name" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("That username is taken. Try another one.");
    expect((await userRow(user.id))?.username).toBe(user.username);
    expect((await userRow(other.id))?.username).toBe("taken_name");
  });

  it("keeps one's own username without calling it taken", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", {
      intent: "profile",
      name: "Jo",
      username: user.username!,
    });
    expect(response.status).toBe(302);
  });
});

describe("password change", () => {
  it("needs the right current password, and says so at that field", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const wrong = await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: "not my password",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(wrong.status).toBe(403);
    const html = await wrong.text();
    expect(html).toContain("That is not your current password.");
    expect(html).toMatch(/id="password-current"[^>]*aria-invalid="true"/);
    expect(html).not.toContain("a brand new secret");
    expect((await signInWithPassword({ identifier: user.email, password: user.password, address: "t" })).status).toBe(
      "signed_in",
    );
  });

  it("checks length and the repeated password", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const short = await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("A password has 8 to 128 characters.");
    const mismatch = await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "long enough one",
      confirmPassword: "long enough two",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same.");
  });

  it("sets the new password and ends every other sign-in, but not this one", async () => {
    const user = await createUser();
    const elsewhere = await signInWithPassword({ identifier: user.email, password: user.password, address: "t" });
    if (elsewhere.status !== "signed_in") throw new Error("setup: sign-in failed");
    const browser = await browserFor(user);

    const changed = await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(changed.status).toBe(302);
    expect(await pageText(await browser.get("/profile/settings"))).toContain(
      "Your password has been changed. Other devices have been signed out.",
    );

    const signIn = (password: string) => signInWithPassword({ identifier: user.email, password, address: "t" });
    expect((await signIn(user.password)).status).toBe("invalid");
    expect((await signIn("a brand new secret")).status).toBe("signed_in");

    // The other device cannot renew its session; this one still can, after its access token expires.
    expect(await rotateRefreshToken(elsewhere.tokens.refreshToken)).toEqual({ status: "refused" });
    const later = Date.now() + 10 * 60 * 1000;
    const request = new Request("http://localhost/profile/settings", { headers: { Cookie: browser.cookie() } });
    expect((await authenticateWebRequest(request, later)).user?.id).toBe(user.id);
  });

  it("lets an account without a password (Google, Apple) set one without a current password", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await getDb().update(schema.users).set({ passwordHash: null }).where(eq(schema.users.id, user.id));
    const page = await pageText(await browser.get("/profile/settings"));
    expect(page).toContain("Set a password");
    expect(page).not.toContain("Current password");

    const set = await browser.post("/profile/settings", {
      intent: "password",
      newPassword: "my first password",
      confirmPassword: "my first password",
    });
    expect(set.status).toBe(302);
    const result = await signInWithPassword({ identifier: user.email, password: "my first password", address: "t" });
    expect(result.status).toBe("signed_in");
  });

  it("stops guessing the current password after 5 wrong tries", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const attempt = (currentPassword: string) =>
      browser.post("/profile/settings", {
        intent: "password",
        currentPassword,
        newPassword: "a brand new secret",
        confirmPassword: "a brand new secret",
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(403);
    const refused = await attempt(user.password);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many wrong passwords.");
  });
});

describe("theme", () => {
  it("saves the theme on the account, so every page and device uses it", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const saved = await browser.post("/profile/settings", { intent: "theme", theme: "theme-g" });
    expect(saved.status).toBe(302);
    expect((await userRow(user.id))?.theme).toBe("theme-g");
    const page = await browser.get("/profile/settings");
    const html = await page.text();
    expect(html).toContain('class="theme-g"');
    expect(html).toContain("Theme changed to Rose.");

    // Another device, without the theme cookie, gets it from the account.
    const other = await browserFor(user);
    expect(await (await other.get("/newsfeed")).text()).toContain('class="theme-g"');
  });

  it("refuses a theme that does not exist", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", { intent: "theme", theme: "theme-z" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose one of the themes.");
    expect((await userRow(user.id))?.theme).toBe("theme-d");
  });

  it("is saved on the account by the footer theme switch too", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/theme", { theme: "theme-b", redirectTo: "/newsfeed" });
    expect(response.status).toBe(302);
    expect((await userRow(user.id))?.theme).toBe("theme-b");
  });
});

describe("authorization", () => {
  it("changes only the signed-in user's account, whatever ids the form carries", async () => {
    const victim = await createUser({ name: "Victim" });
    const user = await createUser({ name: "Actor" });
    const browser = await browserFor(user);
    const forged = { userId: String(victim.id), id: String(victim.id) };

    await browser.post("/profile/settings", { intent: "profile", name: "Changed", username: "", ...forged });
    await browser.post("/profile/settings", { intent: "theme", theme: "theme-h", ...forged });
    await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "forged new secret",
      confirmPassword: "forged new secret",
      ...forged,
    });

    expect(await userRow(victim.id)).toMatchObject({
      name: "Victim",
      username: victim.username,
      theme: "theme-d",
      passwordHash: victim.passwordHash,
    });
    expect(await userRow(user.id)).toMatchObject({ name: "Changed", username: null, theme: "theme-h" });
  });

  it("answers an unknown intent with a message, not a crash", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", { intent: "promote-to-admin" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That form is not known.");
  });
});
