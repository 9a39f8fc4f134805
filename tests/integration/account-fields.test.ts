import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "~/server/auth/registration.server";
import { getDb, schema } from "~/server/db/db.server";
import { updateProfile } from "~/server/settings/settings.server";
import { type FakeIdp, googleIdToken, installFakeIdp, newPerson } from "./fake-idp";
import { createUser, fetchApp } from "./helpers";
import { newcomer, postFrom, registrationFields } from "./registration-support";
import { browserFor } from "./settings-support";

/**
 * The account rules (app/lib/forms/account.ts, decision 027) hold at every door: the
 * registration form, the settings form, social sign-in through the API, and the services.
 */
const userRow = (id: number) => getDb().query.users.findFirst({ where: eq(schema.users.id, id) });
const noMail = { origin: "http://localhost", t: (key: string) => key };

let idp: FakeIdp;
beforeEach(async () => {
  idp = await installFakeIdp();
});
afterEach(() => idp.restore());

describe("a username of only digits", () => {
  it("is refused by registration", async () => {
    const person = newcomer("digits");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { username: "12345" }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A username cannot be only digits.");
  });

  it("is refused by settings, and the old username stays", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await browser.post("/profile/settings", { intent: "profile", name: user.name, username: "12345" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A username cannot be only digits.");
    expect((await userRow(user.id))?.username).toBe(user.username);
  });

  it("is refused by the services themselves, whatever the caller validated", async () => {
    const user = await createUser();
    expect(await updateProfile(user, { name: "Jo", username: "12345" })).toEqual({
      status: "invalid",
      fieldErrors: { username: ["account:usernameDigits"] },
    });
    const person = newcomer("svc");
    expect(await registerUser({ ...person, username: "007" }, noMail)).toEqual({
      status: "invalid",
      fieldErrors: { username: ["account:usernameDigits"] },
    });
  });
});

describe("the name limit of 80 characters", () => {
  it("holds in registration and settings", async () => {
    const person = newcomer("longname");
    const registered = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { name: "n".repeat(81) }),
    );
    expect(await registered.text()).toContain("A name can have at most 80 characters.");

    const user = await createUser();
    const browser = await browserFor(user);
    const saved = await browser.post("/profile/settings", { intent: "profile", name: "n".repeat(81), username: "" });
    expect(saved.status).toBe(400);
    expect(await saved.text()).toContain("A name can have at most 80 characters.");
  });

  it("shortens a provider's longer name to 80 when social sign-in through the API creates the account", async () => {
    const person = newPerson({ name: "G".repeat(100) });
    const response = await fetchApp("/api/v2/auth/googleverify", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ idToken: await googleIdToken(person) }),
    });
    expect(response.status).toBe(200);
    const user = await getDb().query.users.findFirst({ where: eq(schema.users.email, person.email!) });
    expect(user?.name).toBe("G".repeat(80));
  });
});

describe("the password limits", () => {
  it("are the same in registration, password reset and settings", async () => {
    const person = newcomer("pw");
    const registered = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { password: "short", confirmPassword: "short" }),
    );
    expect(await registered.text()).toContain("A password has 8 to 128 characters.");

    const user = await createUser();
    const browser = await browserFor(user);
    const changed = await browser.post("/profile/settings", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "x".repeat(129),
      confirmPassword: "x".repeat(129),
    });
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain("A password has 8 to 128 characters.");
  });
});
