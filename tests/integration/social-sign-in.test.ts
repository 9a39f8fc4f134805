import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appleIdentity, appleUserName } from "~/server/auth/apple-tokens.server";
import { googleIdentity } from "~/server/auth/google.server";
import { verifyIdToken } from "~/server/auth/id-token.server";
import { type SocialIdentity, signInWithIdentity } from "~/server/auth/identity.server";
import { stateCookieOptions } from "~/server/auth/oauth-cookies.server";
import { getDb, schema } from "~/server/db/db.server";
import { CookieJar } from "./cookie-jar";
import {
  APPLE,
  appleIdToken,
  type FakeIdp,
  GOOGLE,
  googleIdToken,
  installFakeIdp,
  newPerson,
  type Person,
} from "./fake-idp";
import { createUser, fetchApp } from "./helpers";

let idp: FakeIdp;
beforeEach(async () => {
  idp = await installFakeIdp();
});
afterEach(() => idp.restore());

const googleKeys = { jwksUrl: "https://idp.test/google/jwks", issuer: GOOGLE.issuer, audience: GOOGLE.clientId };
const appleKeys = { jwksUrl: "https://idp.test/apple/jwks", issuer: APPLE.issuer, audience: APPLE.clientId };

const identity = (person: Person, provider: SocialIdentity["provider"] = "google"): SocialIdentity => ({
  provider,
  subject: person.sub,
  email: person.email ?? null,
  emailVerified: person.email_verified === true || person.email_verified === "true",
  name: person.name ?? null,
});

function userById(id: number) {
  return getDb().query.users.findFirst({ where: eq(schema.users.id, id) });
}

describe("verifying a provider's id_token", () => {
  it("accepts a token signed with the provider's published key, for our client id", async () => {
    const person = newPerson();
    const check = await verifyIdToken(await googleIdToken(person), googleKeys);
    expect(check).toMatchObject({ status: "valid", claims: { sub: person.sub, email: person.email } });
  });

  it("refuses a token meant for another client", async () => {
    const token = await googleIdToken(newPerson(), { audience: "someone-else.apps.googleusercontent.test" });
    expect(await verifyIdToken(token, googleKeys)).toEqual({ status: "invalid" });
  });

  it("refuses an expired token", async () => {
    const token = await googleIdToken(newPerson(), { expiresIn: -120 });
    expect(await verifyIdToken(token, googleKeys)).toEqual({ status: "expired" });
  });

  it("refuses a token signed with a key the provider never published", async () => {
    const token = await googleIdToken(newPerson(), { forged: true });
    expect(await verifyIdToken(token, googleKeys)).toEqual({ status: "invalid" });
  });

  it("refuses a token from another issuer, and one that is not a JWT at all", async () => {
    const token = await googleIdToken(newPerson(), { issuer: "https://evil.test" });
    expect(await verifyIdToken(token, googleKeys)).toEqual({ status: "invalid" });
    expect(await verifyIdToken("not.a.token", googleKeys)).toEqual({ status: "invalid" });
  });

  it("checks the nonce when one was sent", async () => {
    const person = newPerson();
    const token = await appleIdToken(person, { nonce: "nonce-1" });
    expect((await verifyIdToken(token, { ...appleKeys, nonce: "nonce-1" })).status).toBe("valid");
    expect(await verifyIdToken(token, { ...appleKeys, nonce: "nonce-2" })).toEqual({ status: "invalid" });
  });

  it("reads Apple's email_verified string and Google's names", () => {
    expect(appleIdentity({ sub: "a", email: "x@privaterelay.test", email_verified: "true" }, null)).toMatchObject({
      emailVerified: true,
      email: "x@privaterelay.test",
    });
    expect(appleIdentity({ sub: "a", email: "x@idp.test", email_verified: "false" }, null).emailVerified).toBe(false);
    expect(googleIdentity({ sub: "g", given_name: "Gina", family_name: "Google" }).name).toBe("Gina Google");
    expect(appleUserName('{"name":{"firstName":"Avery","lastName":"Appleseed"}}')).toBe("Avery Appleseed");
    expect(appleUserName("not json")).toBeNull();
  });
});

describe("linking an identity to an account", () => {
  it("creates a new activated account without username or password for a new person", async () => {
    const person = newPerson({ name: "Nova Newcomer" });
    const result = await signInWithIdentity(identity(person));
    expect(result).toMatchObject({ status: "signed_in", outcome: "created" });
    if (result.status !== "signed_in") return;
    const user = await userById(result.userId);
    expect(user).toMatchObject({ email: person.email, name: "Nova Newcomer", username: null, passwordHash: null });
    expect(user?.activatedAt).not.toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
  });

  it("signs the same subject in to the same account every time", async () => {
    const person = newPerson();
    const first = await signInWithIdentity(identity(person));
    const second = await signInWithIdentity({ ...identity(person), email: "changed@idp.test" });
    expect(second).toMatchObject({ status: "signed_in", outcome: "existing" });
    expect(first.status === "signed_in" && second.status === "signed_in" && first.userId === second.userId).toBe(true);
  });

  it("links a verified email to the existing account, in any case, and activates it", async () => {
    const user = await createUser({ activatedAt: null, emailVerifiedAt: null });
    const person = newPerson({ email: user.email.toUpperCase() });
    const result = await signInWithIdentity(identity(person, "apple"));
    expect(result).toEqual({ status: "signed_in", userId: user.id, outcome: "linked" });
    const links = await getDb().query.oauthAccounts.findMany({ where: eq(schema.oauthAccounts.userId, user.id) });
    expect(links).toMatchObject([{ provider: "apple", subject: person.sub }]);
    const updated = await userById(user.id);
    expect(updated?.activatedAt).not.toBeNull();
    expect(updated?.emailVerifiedAt).not.toBeNull();
    expect(updated?.passwordHash).toBe(user.passwordHash);
  });

  it("never links or creates on an unverified email", async () => {
    const user = await createUser();
    const claimed = await signInWithIdentity(identity(newPerson({ email: user.email, email_verified: false })));
    expect(claimed).toEqual({ status: "email_unverified" });
    const person = newPerson({ email_verified: "false" });
    expect(await signInWithIdentity(identity(person))).toEqual({ status: "email_unverified" });
    const created = await getDb().query.users.findFirst({ where: eq(schema.users.email, person.email!) });
    expect(created).toBeUndefined();
  });

  it("cannot create an account without an email", async () => {
    expect(await signInWithIdentity(identity(newPerson({ email: undefined })))).toEqual({ status: "email_missing" });
  });
});

/** Plays the provider's authorization endpoint: reads what the app asked for, mints a code. */
function authorizationRequest(response: Response, endpoint: string) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(endpoint);
  return location.searchParams;
}

async function pageText(jar: CookieJar, path: string) {
  return jar.update(await fetchApp(path, { headers: { Cookie: jar.header() } })).text();
}

describe("Sign in with Google on the web", () => {
  async function startGoogle(jar: CookieJar, query = "") {
    const response = jar.update(await fetchApp(`/login/google${query}`));
    return authorizationRequest(response, "https://idp.test/google/authorize");
  }

  async function googleCallback(jar: CookieJar, params: Record<string, string>) {
    const query = new URLSearchParams(params);
    return jar.update(await fetchApp(`/login/google/callback?${query}`, { headers: { Cookie: jar.header() } }));
  }

  it("offers Continue with Google and Apple on the sign-in page when configured", async () => {
    const html = await (await fetchApp("/login?redirectTo=/about")).text();
    expect(html).toContain('href="/login/google?redirectTo=%2Fabout"');
    expect(html).toContain("Continue with Google");
    expect(html).toContain('href="/login/apple?redirectTo=%2Fabout"');
    expect(html).toContain("Continue with Apple");
  });

  it("asks Google for a code with state and PKCE, then signs a new person in where they were going", async () => {
    const jar = new CookieJar();
    const asked = await startGoogle(jar, "?redirectTo=/about/aup");
    expect(asked.get("client_id")).toBe(GOOGLE.clientId);
    expect(asked.get("redirect_uri")).toBe("http://localhost/login/google/callback");
    expect(asked.get("response_type")).toBe("code");
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(jar.names()).toEqual(
      expect.arrayContaining(["__oauth_redirect", expect.stringMatching(/^__oauth_google:/)]),
    );

    const person = newPerson({ name: "Gina Google" });
    idp.grantGoogleCode("code-1", {
      idToken: await googleIdToken(person),
      codeChallenge: asked.get("code_challenge") ?? "",
      redirectUri: asked.get("redirect_uri") ?? "",
    });
    const back = await googleCallback(jar, { code: "code-1", state: asked.get("state") ?? "" });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/about/aup");
    // The flow's cookies are gone; the session cookie holds the sign-in.
    expect(jar.names()).toEqual(["__session"]);
    expect(await pageText(jar, "/newsfeed")).toContain("Gina Google");
  });

  it("links Google to the existing account with the same verified email", async () => {
    const user = await createUser({ name: "Existing Person" });
    const jar = new CookieJar();
    const asked = await startGoogle(jar);
    const person = newPerson({ email: user.email });
    idp.grantGoogleCode("code-2", {
      idToken: await googleIdToken(person),
      codeChallenge: asked.get("code_challenge")!,
    });
    const back = await googleCallback(jar, { code: "code-2", state: asked.get("state")! });
    expect(back.headers.get("Location")).toBe("/newsfeed");
    expect(await pageText(jar, "/newsfeed")).toContain("Existing Person");
    const link = await getDb().query.oauthAccounts.findFirst({ where: eq(schema.oauthAccounts.subject, person.sub) });
    expect(link?.userId).toBe(user.id);
  });

  it("passes a login_hint on to Google", async () => {
    const asked = await startGoogle(new CookieJar(), "?login_hint=someone%40idp.test");
    expect(asked.get("login_hint")).toBe("someone@idp.test");
  });

  it("goes back to sign-in with a notice when the person cancels at Google", async () => {
    const jar = new CookieJar();
    const asked = await startGoogle(jar, "?redirectTo=/about");
    const back = await googleCallback(jar, { error: "access_denied", state: asked.get("state")! });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/login?redirectTo=%2Fabout");
    expect(await pageText(jar, "/login")).toContain("Sign-in with Google was cancelled.");
  });

  it("refuses a callback whose state this browser did not start", async () => {
    const jar = new CookieJar();
    await startGoogle(jar);
    const back = await googleCallback(jar, { code: "whatever", state: "forged-state" });
    expect(back.headers.get("Location")).toBe("/login");
    expect(await pageText(jar, "/login")).toContain("took too long or was started in another browser");
    expect(idp.tokenRequests).toHaveLength(0);

    const stranger = new CookieJar();
    const noCookie = await googleCallback(stranger, { code: "whatever", state: "some-state" });
    expect(noCookie.headers.get("Location")).toBe("/login");
  });

  it("refuses an id_token meant for another client, and a wrong PKCE verifier", async () => {
    const jar = new CookieJar();
    const asked = await startGoogle(jar);
    const token = await googleIdToken(newPerson(), { audience: "another-client" });
    idp.grantGoogleCode("code-3", { idToken: token, codeChallenge: asked.get("code_challenge")! });
    const back = await googleCallback(jar, { code: "code-3", state: asked.get("state")! });
    expect(back.headers.get("Location")).toBe("/login");
    expect(await pageText(jar, "/login")).toContain("We could not sign you in with Google.");

    const other = new CookieJar();
    const second = await startGoogle(other);
    idp.grantGoogleCode("code-4", { idToken: await googleIdToken(newPerson()), codeChallenge: "not-the-challenge" });
    const refused = await googleCallback(other, { code: "code-4", state: second.get("state")! });
    expect(refused.headers.get("Location")).toBe("/login");
    expect(other.names()).not.toContain("__oauth_redirect");
  });

  it("refuses an unverified Google email that matches nobody's link", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    const asked = await startGoogle(jar);
    const person = newPerson({ email: user.email, email_verified: false });
    idp.grantGoogleCode("code-5", {
      idToken: await googleIdToken(person),
      codeChallenge: asked.get("code_challenge")!,
    });
    const back = await googleCallback(jar, { code: "code-5", state: asked.get("state")! });
    expect(back.headers.get("Location")).toBe("/login");
    expect(await pageText(jar, "/login")).toContain("email address is not verified yet");
  });
});

describe("Sign in with Apple on the web", () => {
  async function startApple(jar: CookieJar, query = "") {
    const response = jar.update(await fetchApp(`/login/apple${query}`));
    return authorizationRequest(response, "https://idp.test/apple/authorize");
  }

  /** Apple's answer: a cross-site form post from appleid.apple.com. */
  async function applePost(jar: CookieJar, fields: Record<string, string>) {
    return jar.update(
      await fetchApp("/login/applesignin", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://idp.test",
          "Sec-Fetch-Site": "cross-site",
          Cookie: jar.header(),
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  it("asks Apple for a form_post answer with a nonce, and keeps its state cookie for the cross-site post", async () => {
    const jar = new CookieJar();
    const response = await fetchApp("/login/apple");
    const asked = authorizationRequest(response, "https://idp.test/apple/authorize");
    jar.update(response);
    expect(asked.get("client_id")).toBe(APPLE.clientId);
    expect(asked.get("redirect_uri")).toBe("http://localhost/login/applesignin");
    expect(asked.get("response_mode")).toBe("form_post");
    expect(asked.get("scope")).toBe("name email");
    expect(asked.get("nonce")).toBeTruthy();
    expect(asked.has("code_challenge")).toBe(false);
    const stateCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__oauth_apple:"));
    // Tests run on plain http (SECURE_COOKIES=false): Lax; in production None + Secure.
    expect(stateCookie).toMatch(/Path=\/login/);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
    expect(stateCookieOptions("apple", true)).toMatchObject({ sameSite: "None", secure: true });
    expect(stateCookieOptions("google", true)).toMatchObject({ sameSite: "Lax", secure: true });
  });

  it("trades the code with a signed client secret, verifies the id_token and creates the account with Apple's name", async () => {
    const jar = new CookieJar();
    const asked = await startApple(jar, "?redirectTo=/about");
    const person = newPerson({ email: `relay-${Date.now()}@privaterelay.idp.test` });
    idp.grantAppleCode("apple-1", {
      idToken: await appleIdToken(person, { nonce: asked.get("nonce")! }),
      redirectUri: asked.get("redirect_uri")!,
    });
    const back = await applePost(jar, {
      code: "apple-1",
      state: asked.get("state")!,
      id_token: "ignored-from-the-browser",
      user: JSON.stringify({ name: { firstName: "Avery", lastName: "Appleseed" }, email: person.email }),
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/about");
    expect(await pageText(jar, "/newsfeed")).toContain("Avery Appleseed");

    const [secret] = idp.appleClientSecrets;
    expect(secret).toMatchObject({ iss: APPLE.teamId, sub: APPLE.clientId, aud: APPLE.issuer });
    expect(secret!.exp! - secret!.iat!).toBeLessThanOrEqual(180 * 24 * 3600);
  });

  it("refuses an id_token whose nonce belongs to another browser's flow", async () => {
    const jar = new CookieJar();
    const asked = await startApple(jar);
    idp.grantAppleCode("apple-2", { idToken: await appleIdToken(newPerson(), { nonce: "someone-elses-nonce" }) });
    const back = await applePost(jar, { code: "apple-2", state: asked.get("state")! });
    expect(back.headers.get("Location")).toBe("/login");
    expect(await pageText(jar, "/login")).toContain("We could not sign you in with Apple.");
  });

  it("says so when the person cancels at Apple, and when the post has no state cookie", async () => {
    const jar = new CookieJar();
    const asked = await startApple(jar);
    const cancelled = await applePost(jar, { error: "user_cancelled_authorize", state: asked.get("state")! });
    expect(cancelled.headers.get("Location")).toBe("/login");
    expect(await pageText(jar, "/login")).toContain("Sign-in with Apple was cancelled.");

    const stranger = new CookieJar();
    const forged = await applePost(stranger, { code: "x", state: "y" });
    expect(forged.headers.get("Location")).toBe("/login");
    expect(await pageText(stranger, "/login")).toContain("took too long or was started in another browser");
  });

  it("sends someone who opens /login/applesignin to sign in", async () => {
    const response = await fetchApp("/login/applesignin");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});
