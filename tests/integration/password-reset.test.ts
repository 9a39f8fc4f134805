import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEmailToken, EMAIL_TOKEN_TTL_MS } from "~/server/auth/email-tokens.server";
import { resetPassword } from "~/server/auth/password-reset.server";
import { RATE_LIMIT } from "~/server/auth/rate-limit.server";
import { reserveSignInTry, SIGN_IN_LIMITS } from "~/server/auth/sign-in-limits.server";
import { ACCESS_TOKEN_TTL_SECONDS, issueTokens, rotateRefreshToken } from "~/server/auth/tokens.server";
import { authenticateWebRequest } from "~/server/auth/web-auth.server";
import { getDb, schema } from "~/server/db/db.server";
import { cookiesOf, createUser, fetchApp } from "./helpers";
import { expectNoMail, waitForMail } from "./outbox-support";
import { mailedToken, newcomer, postFrom } from "./registration-support";

const NEW_PASSWORD = "brand new secret 42";

function requestReset(email: string, address = newcomer().address) {
  return postFrom(address, "/login/resetpassword", { intent: "request", email });
}

function chooseNewPassword(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return postFrom("203.0.113.9", `/login/resetpassword?token=${token}`, {
    intent: "reset",
    token,
    password,
    confirmPassword,
  });
}

describe("asking for a password reset", () => {
  it("answers the same for an unknown address, and mails a 1-hour link only to a real account", async () => {
    const user = await createUser();
    const unknown = newcomer("ghost").email;
    const answers = [];
    for (const email of [user.email, unknown]) {
      const response = await requestReset(email);
      expect(response.status).toBe(302);
      const location = response.headers.get("Location")!;
      expect(location).toBe(`/login/resetpassword?sent=${encodeURIComponent(email)}`);
      // Each page has its own CSP nonce (decision 031); everything else must be the same.
      const page = await (await fetchApp(location)).text();
      answers.push(page.replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, 'nonce=""'));
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain("If an account exists for EMAIL, we sent a link to reset its password.");

    await expectNoMail(unknown);
    const { token, mail } = await mailedToken(user.email, "/login/resetpassword");
    expect(mail.subject).toBe("Reset your SchoolHub password");
    expect(mail.html).toContain(`href="http://localhost/login/resetpassword?token=${token}"`);
    const row = await getDb().query.emailTokens.findFirst({ where: eq(schema.emailTokens.userId, user.id) });
    expect(row!.purpose).toBe("reset");
    expect(row!.expiresAt - row!.createdAt).toBe(EMAIL_TOKEN_TTL_MS.reset);
  });

  it("checks the address it is given and keeps it", async () => {
    const response = await requestReset("not an email");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain('value="not an email"');
  });

  it("refuses the 6th request for one address in 15 minutes and says how long to wait", async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMIT.attempts; i++) expect((await requestReset(user.email)).status).toBe(302);
    const refused = await requestReset(user.email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many emails were asked for. Try again in 15 minutes.");
    expect(await waitForMail(user.email, { count: RATE_LIMIT.attempts })).toHaveLength(RATE_LIMIT.attempts);
  });

  it("refuses the 6th request from one IP address, for known and unknown addresses alike", async () => {
    const address = newcomer().address;
    for (let i = 0; i < RATE_LIMIT.attempts; i++)
      expect((await requestReset(newcomer().email, address)).status).toBe(302);
    expect((await requestReset((await createUser()).email, address)).status).toBe(429);
  });
});

describe("choosing a new password from the link", () => {
  it("sets the password once, ends every other session, lifts sign-in limits and says so at sign-in", async () => {
    const user = await createUser();
    const otherDevice = await issueTokens(user.id);
    const browser = await postFrom("203.0.113.10", "/login", { identifier: user.email, password: user.password });
    const oldCookie = cookiesOf(browser);
    // Someone has been guessing: the account is locked for sign-in.
    for (let i = 0; i <= SIGN_IN_LIMITS.freeTries; i++) await reserveSignInTry(user.email, "203.0.113.11");
    expect((await reserveSignInTry(user.username!, "203.0.113.11")).allowed).toBe(false);

    await requestReset(user.email);
    const { token } = await mailedToken(user.email, "/login/resetpassword");
    const form = await (await fetchApp(`/login/resetpassword?token=${token}`)).text();
    expect(form).toContain("Choose a new password");
    expect(form).toContain(`name="token" value="${token}"`);

    const saved = await chooseNewPassword(token);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/login");
    const signInPage = await fetchApp("/login", { headers: { Cookie: cookiesOf(saved) } });
    expect(await signInPage.text()).toContain("Your password has been changed");

    expect(await rotateRefreshToken(otherDevice.refreshToken)).toEqual({ status: "refused" });
    // The old browser session cannot renew its access token: it ends when that expires.
    const later = Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    const stale = await authenticateWebRequest(
      new Request("http://localhost/", { headers: { Cookie: oldCookie } }),
      later,
    );
    expect(stale.user).toBeNull();

    const oldPassword = await postFrom("203.0.113.11", "/login", { identifier: user.email, password: user.password });
    expect(oldPassword.status).toBe(401);
    const newPassword = await postFrom("203.0.113.11", "/login", { identifier: user.email, password: NEW_PASSWORD });
    expect(newPassword.status).toBe(302);
    expect(newPassword.headers.get("Location")).toBe("/newsfeed");

    // Used once: the link now says so, and a second try changes nothing.
    expect(await (await fetchApp(`/login/resetpassword?token=${token}`)).text()).toContain(
      "This password reset link has already been used.",
    );
    expect((await chooseNewPassword(token, "yet another one 9")).status).toBe(410);
    const stillNew = await postFrom("203.0.113.12", "/login", { identifier: user.email, password: NEW_PASSWORD });
    expect(stillNew.status).toBe(302);
  });

  it("shows password errors at the fields and keeps the link working", async () => {
    const user = await createUser();
    const token = await createEmailToken({ purpose: "reset", userId: user.id });
    const cases = [
      ["short", "short", "A password has 8 to 128 characters."],
      [NEW_PASSWORD, "not the same", "The two passwords do not match."],
      [user.email, user.email, "Your password cannot be your email address."],
      [user.username!, user.username!, "Your password cannot be your username."],
    ];
    for (const [password, confirm, message] of cases) {
      const response = await chooseNewPassword(token, password, confirm);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain("Choose a new password");
    }
    expect((await chooseNewPassword(token)).status).toBe(302);
  });

  it("works for 1 hour and not a moment longer", async () => {
    const user = await createUser();
    const now = Date.now();
    const late = await createEmailToken({ purpose: "reset", userId: user.id }, now);
    expect(await resetPassword({ token: late, password: NEW_PASSWORD }, now + EMAIL_TOKEN_TTL_MS.reset)).toEqual({
      status: "expired",
    });
    const inTime = await createEmailToken({ purpose: "reset", userId: user.id }, now);
    expect(
      await resetPassword({ token: inTime, password: NEW_PASSWORD }, now + EMAIL_TOKEN_TTL_MS.reset - 1),
    ).toMatchObject({ status: "reset" });
  });

  it("says an expired link has expired and offers to ask for a new one", async () => {
    const user = await createUser();
    const token = await createEmailToken(
      { purpose: "reset", userId: user.id },
      Date.now() - EMAIL_TOKEN_TTL_MS.reset - 1000,
    );
    const html = await (await fetchApp(`/login/resetpassword?token=${token}`)).text();
    expect(html).toContain("This password reset link has expired.");
    expect(html).toContain("Send reset link");
    expect(html).not.toContain('name="password"');
    expect((await chooseNewPassword(token)).status).toBe(410);
  });

  it("says an unknown link is not valid, and an activation link is not a reset link", async () => {
    const user = await createUser({ activatedAt: null });
    const activation = await createEmailToken({ purpose: "activate", userId: user.id });
    for (const token of ["made-up", activation]) {
      expect(await (await fetchApp(`/login/resetpassword?token=${token}`)).text()).toContain(
        "This password reset link is not valid.",
      );
    }
  });

  it("opens an account that was never activated: the link proved the mailbox", async () => {
    const user = await createUser({ activatedAt: null, emailVerifiedAt: null });
    const token = await createEmailToken({ purpose: "reset", userId: user.id });
    expect((await chooseNewPassword(token)).status).toBe(302);
    const signedIn = await postFrom("203.0.113.13", "/login", { identifier: user.email, password: NEW_PASSWORD });
    expect(signedIn.status).toBe(302);
  });
});
