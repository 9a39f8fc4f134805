import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activateAccount } from "~/server/auth/activation.server";
import { createEmailToken, EMAIL_TOKEN_TTL_MS } from "~/server/auth/email-tokens.server";
import { RATE_LIMIT } from "~/server/auth/rate-limit.server";
import { getDb, schema } from "~/server/db/db.server";
import { cookiesOf, createUser, fetchApp } from "./helpers";
import { expectNoMail, waitForMail } from "./outbox-support";
import { mailedToken, newcomer, postFrom, registrationFields } from "./registration-support";

const userRow = (id: number) => getDb().query.users.findFirst({ where: eq(schema.users.id, id) });

describe("activation", () => {
  it("refuses sign-in before activation, activates once from the mailed link, then signs in", async () => {
    const person = newcomer("act");
    await postFrom(person.address, "/login/registeremail", registrationFields(person));

    const refused = await postFrom(person.address, "/login", {
      identifier: person.username,
      password: person.password,
    });
    expect(refused.status).toBe(403);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Your account is not activated yet.");
    expect(refusedHtml).toContain("Send the activation email again");
    expect(refusedHtml).toContain('action="/login/activate"');

    const { token } = await mailedToken(person.email, "/login/activate");
    const opened = await fetchApp(`/login/activate?token=${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/login/activate?activated=1");
    const done = await (await fetchApp("/login/activate?activated=1")).text();
    expect(done).toContain("Your account is active");
    expect(done).toContain('href="/login"');

    const signedIn = await postFrom(person.address, "/login", { identifier: person.email, password: person.password });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/newsfeed");
    const feed = await fetchApp("/newsfeed", { headers: { Cookie: cookiesOf(signedIn) } });
    expect(feed.status).toBe(200);

    // The same link a second time: used, and it says so.
    const again = await fetchApp(`/login/activate?token=${token}`);
    expect(again.status).toBe(200);
    const againHtml = await again.text();
    expect(againHtml).toContain("This activation link has already been used.");
    expect(againHtml).toContain('name="email"');
  });

  it("marks the email verified and the link used", async () => {
    const user = await createUser({ activatedAt: null, emailVerifiedAt: null });
    const now = Date.now();
    const token = await createEmailToken({ purpose: "activate", userId: user.id, email: user.email }, now);
    expect(await activateAccount(token, now + 1000)).toEqual({ status: "activated", userId: user.id });
    const row = await userRow(user.id);
    expect(row?.activatedAt).toBe(now + 1000);
    expect(row?.emailVerifiedAt).toBe(now + 1000);
    expect(await activateAccount(token, now + 2000)).toEqual({ status: "used" });
  });

  it("works for 48 hours and not a moment longer", async () => {
    const user = await createUser({ activatedAt: null });
    const now = Date.now();
    const late = await createEmailToken({ purpose: "activate", userId: user.id }, now);
    expect(await activateAccount(late, now + EMAIL_TOKEN_TTL_MS.activate)).toEqual({ status: "expired" });
    const inTime = await createEmailToken({ purpose: "activate", userId: user.id }, now);
    expect(await activateAccount(inTime, now + EMAIL_TOKEN_TTL_MS.activate - 1)).toMatchObject({ status: "activated" });
  });

  it("says an expired link has expired, offers a new mail and leaves the account closed", async () => {
    const user = await createUser({ activatedAt: null });
    const token = await createEmailToken(
      { purpose: "activate", userId: user.id },
      Date.now() - EMAIL_TOKEN_TTL_MS.activate - 60_000,
    );
    const response = await fetchApp(`/login/activate?token=${token}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("This activation link has expired.");
    expect(html).toContain("Send activation email");
    expect((await userRow(user.id))?.activatedAt).toBeNull();
  });

  it("says an unknown link is not valid", async () => {
    const html = await (await fetchApp("/login/activate?token=not-a-real-token")).text();
    expect(html).toContain("This activation link is not valid.");
    expect(await activateAccount("")).toEqual({ status: "invalid" });
  });

  it("does not accept a password-reset link as an activation link", async () => {
    const user = await createUser({ activatedAt: null });
    const token = await createEmailToken({ purpose: "reset", userId: user.id });
    expect(await activateAccount(token)).toEqual({ status: "invalid" });
  });
});

describe("sending the activation mail again", () => {
  it("answers the same for a waiting, an active and an unknown address, and mails only the waiting one", async () => {
    const waiting = await createUser({ activatedAt: null });
    const active = await createUser();
    const unknown = newcomer("nobody");
    const address = newcomer().address;
    for (const email of [waiting.email, active.email, unknown.email]) {
      const response = await postFrom(address, "/login/activate", { email });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login/activate?sent=${encodeURIComponent(email)}`);
      const page = await (await fetchApp(response.headers.get("Location")!)).text();
      expect(page).toContain(`If an account for ${email} is waiting for activation, we sent it a new activation link.`);
    }
    expect(await waitForMail(waiting.email)).toHaveLength(1);
    await expectNoMail(active.email);
    await expectNoMail(unknown.email);

    // The new link works.
    const { token } = await mailedToken(waiting.email, "/login/activate");
    expect(await activateAccount(token)).toMatchObject({ status: "activated" });
  });

  it("checks the address it is given", async () => {
    const response = await postFrom(newcomer().address, "/login/activate", { email: "nope" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain('value="nope"');
  });

  it("refuses the 6th request for one address in 15 minutes and says how long to wait", async () => {
    const waiting = await createUser({ activatedAt: null });
    for (let i = 0; i < RATE_LIMIT.attempts; i++) {
      const response = await postFrom(newcomer().address, "/login/activate", { email: waiting.email });
      expect(response.status).toBe(302);
    }
    const refused = await postFrom(newcomer().address, "/login/activate", { email: waiting.email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    const html = await refused.text();
    expect(html).toContain("Too many emails were asked for. Try again in 15 minutes.");
    expect(html).toContain(`value="${waiting.email}"`);
    expect(await waitForMail(waiting.email, { count: RATE_LIMIT.attempts })).toHaveLength(RATE_LIMIT.attempts);
  });

  it("refuses the 6th request from one IP address, whatever the email", async () => {
    const address = newcomer().address;
    for (let i = 0; i < RATE_LIMIT.attempts; i++) {
      expect((await postFrom(address, "/login/activate", { email: newcomer("ip").email })).status).toBe(302);
    }
    const refused = await postFrom(address, "/login/activate", { email: newcomer("ip").email });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many emails were asked for.");
    // Another address is not affected.
    expect((await postFrom(newcomer().address, "/login/activate", { email: newcomer("ip").email })).status).toBe(302);
  });
});
