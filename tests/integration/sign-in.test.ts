import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "~/server/auth/sign-in-limits.server";
import { cookiesOf, createUser, fetchApp, postForm, signIn } from "./helpers";

describe("sign-in with a password", () => {
  it("accepts the email or the username, in any case, and lands on /newsfeed", async () => {
    const user = await createUser();
    for (const identifier of [user.email, user.email.toUpperCase(), user.username!]) {
      const response = await postForm("/login", { identifier, password: user.password });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/newsfeed");
    }
  });

  it("goes back to redirectTo, but never off-site", async () => {
    const user = await createUser();
    const back = await postForm("/login", {
      identifier: user.email,
      password: user.password,
      redirectTo: "/about/aup",
    });
    expect(back.headers.get("Location")).toBe("/about/aup");
    const offsite = await postForm("/login", {
      identifier: user.email,
      password: user.password,
      redirectTo: "//evil.example/x",
    });
    expect(offsite.headers.get("Location")).toBe("/newsfeed");
  });

  it("says the same thing for a wrong password and an unknown account, and keeps what was typed", async () => {
    const user = await createUser();
    const wrong = await postForm("/login", { identifier: user.email, password: "nope nope" });
    const unknown = await postForm("/login", { identifier: "nobody@example.test", password: "nope nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain("That email, username or password is not right.");
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain('value="nope nope"');
  });

  it("shows field errors for empty input", async () => {
    const response = await postForm("/login", { identifier: "", password: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter your email or username.");
    expect(html).toContain("Enter your password.");
  });

  it("refuses an account that is not activated yet and says why", async () => {
    const user = await createUser({ activatedAt: null });
    const response = await postForm("/login", { identifier: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Your account is not activated yet.");
  });

  it("answers 429 with Retry-After on the form to the guessing address, and lets the owner in elsewhere", async () => {
    const user = await createUser();
    const post = (password: string, address: string) =>
      fetchApp("/login/signin", {
        method: "POST",
        headers: { "CF-Connecting-IP": address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ identifier: user.username!, password }).toString(),
      });
    for (let i = 0; i < SIGN_IN_LIMITS.freeTries; i++) expect((await post("wrong", "198.51.100.7")).status).toBe(401);
    const response = await post(user.password, "198.51.100.7");
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.text()).toContain("Too many failed sign-ins.");
    // Issue 22 item 5: the owner, from an address that never failed, is not locked out.
    const owner = await post(user.password, "198.51.100.8");
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/newsfeed");
  });
});

describe("the web session", () => {
  it("shows the signed-in shell only to signed-in users", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const page = await fetchApp("/newsfeed", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('aria-label="Account menu"');
    expect(html).toContain('href="/newsfeed"');
    expect(html).toContain('href="/profile/settings"');
    const guest = await fetchApp("/about");
    expect(await guest.text()).not.toContain('aria-label="Account menu"');
  });

  it("sends guests to /login with redirectTo", async () => {
    const response = await fetchApp("/newsfeed?tab=all");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/newsfeed?tab=all")}`);
  });

  it("renews an expired access token with the refresh token before loaders run", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    // A cookie whose access token was signed with another key behaves like an expired one:
    // the middleware must fall back to the refresh token.
    const { sessionStorage } = await import("~/server/session/session.server");
    const session = await sessionStorage().getSession(cookie);
    const refreshToken = session.get("refreshToken");
    session.set("accessToken", "expired.or.bad");
    const stale = (await sessionStorage().commitSession(session)).split(";")[0]!;
    const response = await fetchApp("/newsfeed", { headers: { Cookie: stale } });
    expect(response.status).toBe(200);
    const renewed = await sessionStorage().getSession(cookiesOf(response));
    expect(renewed.get("refreshToken")).toBeTruthy();
    expect(renewed.get("refreshToken")).not.toBe(refreshToken);
  });

  it("logs out: revokes the refresh token, clears the session and goes to /", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const { sessionStorage } = await import("~/server/session/session.server");
    const refreshToken = (await sessionStorage().getSession(cookie)).get("refreshToken")!;
    const response = await postForm("/login/logout", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const { rotateRefreshToken } = await import("~/server/auth/tokens.server");
    expect(await rotateRefreshToken(refreshToken)).toEqual({ status: "refused" });
  });
});
