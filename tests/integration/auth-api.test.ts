import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appleSettings, enabledProviders, googleSettings } from "~/server/auth/providers.server";
import { SIGN_IN_LIMITS } from "~/server/auth/sign-in-limits.server";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  issueTokens,
  rotateRefreshToken,
  signAccessToken,
} from "~/server/auth/tokens.server";
import { getConfig } from "~/server/config.server";
import { getDb, schema } from "~/server/db/db.server";
import { appleIdToken, type FakeIdp, googleIdToken, installFakeIdp, newPerson } from "./fake-idp";
import { createUser, fetchApp } from "./helpers";

let idp: FakeIdp;
beforeEach(async () => {
  idp = await installFakeIdp();
});
afterEach(() => idp.restore());

let addresses = 0;
/** Each test its own client address, so the per-address sign-in limit stays its own. */
function newAddress() {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

function postJson(path: string, body: unknown, init: { token?: string; address?: string; cookie?: string } = {}) {
  return fetchApp(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": init.address ?? newAddress(),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function getProfile(token?: string, headers: Record<string, string> = {}) {
  return fetchApp("/api/v1/user/profile", {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  const body = (await response.json()) as {
    error: { code: string; message: string; fields?: Record<string, string[]> };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message).not.toMatch(/^(api|auth):/);
  return body.error;
}

type Tokens = { token: string; refreshToken: string };

describe("POST /api/v2/auth/login", () => {
  it("answers a token pair for the email, the username or the identifier", async () => {
    const user = await createUser();
    for (const body of [
      { identifier: user.email, password: user.password },
      { email: user.email, password: user.password },
      { username: user.username, password: user.password },
    ]) {
      const response = await postJson("/api/v2/auth/login", body);
      expect(response.status).toBe(200);
      const tokens = (await response.json()) as Tokens;
      expect(tokens).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
      const profile = await getProfile(tokens.token);
      expect(((await profile.json()) as { profile: { id: number } }).profile.id).toBe(user.id);
    }
  });

  it("refuses a wrong password with 401 and an account that is not activated with 403", async () => {
    const user = await createUser();
    await expectError(
      await postJson("/api/v2/auth/login", { identifier: user.email, password: "wrong one" }),
      401,
      "invalid_credentials",
    );
    const inactive = await createUser({ activatedAt: null });
    const error = await expectError(
      await postJson("/api/v2/auth/login", { identifier: inactive.email, password: inactive.password }),
      403,
      "not_activated",
    );
    expect(error.message).toContain(inactive.email);
  });

  it("answers 429 with Retry-After once an account's free tries are used", async () => {
    const user = await createUser();
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.freeTries; i++) {
      await postJson("/api/v2/auth/login", { identifier: user.email, password: "wrong one" }, { address });
    }
    const response = await postJson(
      "/api/v2/auth/login",
      { identifier: user.email, password: user.password },
      { address },
    );
    await expectError(response, 429, "rate_limited");
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Issue 22 item 5: the owner, from an address that never failed, still signs in.
    const owner = await postJson("/api/v2/auth/login", { identifier: user.email, password: user.password });
    expect(owner.status).toBe(200);
  });

  it("answers 400 for bad input, naming the fields, never 500", async () => {
    const missing = await expectError(
      await postJson("/api/v2/auth/login", { identifier: "x" }),
      400,
      "invalid_request",
    );
    expect(missing.fields).toEqual({ password: ["Enter your password."] });
    await expectError(await postJson("/api/v2/auth/login", "{not json"), 400, "invalid_json");
    await expectError(await postJson("/api/v2/auth/login", "[1, 2]"), 400, "invalid_json");
    await expectError(await postJson("/api/v2/auth/login", { identifier: 5, password: [] }), 400, "invalid_request");
    await expectError(await postJson("/api/v2/auth/login", "x".repeat(40_000)), 413, "payload_too_large");
  });

  it("answers other methods with 405 and unknown API addresses with a JSON 404", async () => {
    const get = await fetchApp("/api/v2/auth/login");
    await expectError(get, 405, "method_not_allowed");
    expect(get.headers.get("Allow")).toBe("POST");
    await expectError(await fetchApp("/api/v2/nothing/here"), 404, "not_found");
  });
});

describe("POST /api/v2/auth/refresh", () => {
  it("rotates: a new pair for a refresh token, which then works once more only as a fresh one", async () => {
    const user = await createUser();
    const first = await issueTokens(user.id);
    const response = await postJson("/api/v2/auth/refresh", { refreshToken: first.refreshToken });
    expect(response.status).toBe(200);
    const second = (await response.json()) as Tokens;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await getProfile(second.token)).status).toBe(200);
    const third = await postJson("/api/v2/auth/refresh", { refreshToken: second.refreshToken });
    expect(third.status).toBe(200);
  });

  it("revokes the whole family when a rotated token is presented again", async () => {
    const user = await createUser();
    const longAgo = Date.now() - 60_000;
    const stolen = await issueTokens(user.id, longAgo);
    const rotated = await rotateRefreshToken(stolen.refreshToken, longAgo);
    if (rotated.status !== "rotated") throw new Error("rotation failed");

    await expectError(
      await postJson("/api/v2/auth/refresh", { refreshToken: stolen.refreshToken }),
      401,
      "refresh_refused",
    );
    // The legitimate holder's newer token belongs to the same family: refused too.
    await expectError(
      await postJson("/api/v2/auth/refresh", { refreshToken: rotated.tokens.refreshToken }),
      401,
      "refresh_refused",
    );
  });

  it("refuses an unknown token with 401 and a missing one with 400", async () => {
    await expectError(await postJson("/api/v2/auth/refresh", { refreshToken: "nope" }), 401, "refresh_refused");
    const missing = await expectError(await postJson("/api/v2/auth/refresh", {}), 400, "invalid_request");
    expect(missing.fields?.refreshToken).toBeDefined();
  });
});

describe("POST /api/v2/auth/logout", () => {
  it("answers 204 and ends that sign-in, and 204 for an unknown token too", async () => {
    const user = await createUser();
    const tokens = await issueTokens(user.id);
    const response = await postJson("/api/v2/auth/logout", { refreshToken: tokens.refreshToken });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectError(
      await postJson("/api/v2/auth/refresh", { refreshToken: tokens.refreshToken }),
      401,
      "refresh_refused",
    );
    expect((await postJson("/api/v2/auth/logout", { refreshToken: "never-issued" })).status).toBe(204);
    await expectError(await postJson("/api/v2/auth/logout", { refreshToken: 42 }), 400, "invalid_request");
  });
});

describe("GET /api/v1/user/profile", () => {
  it("answers the profile for a Bearer access token", async () => {
    const user = await createUser({ name: "Profile Person" });
    const { token } = await issueTokens(user.id);
    const response = await getProfile(token);
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({
      id: user.id,
      name: "Profile Person",
      username: user.username,
      email: user.email,
      avatar: "default",
      theme: "theme-d",
      emailVerified: true,
    });
    expect(profile).not.toHaveProperty("passwordHash");
  });

  it("answers 401 without a token, with a bad one, with an expired one, and for cookies alone", async () => {
    const user = await createUser();
    const missing = await getProfile();
    await expectError(missing, 401, "unauthorized");
    expect(missing.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    await expectError(await getProfile("garbage"), 401, "invalid_token");
    const expired = await signAccessToken(user, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    await expectError(await getProfile(expired), 401, "token_expired");

    const login = await fetchApp("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newAddress() },
      body: new URLSearchParams({ identifier: user.email, password: user.password }).toString(),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((part) => part.split(";")[0])
      .join("; ");
    await expectError(await getProfile(undefined, { Cookie: cookie }), 401, "unauthorized");
  });

  it("answers 401 for the token of a deleted account", async () => {
    const user = await createUser();
    const { token } = await issueTokens(user.id);
    await getDb().update(schema.users).set({ deletedAt: Date.now() }).where(eq(schema.users.id, user.id));
    await expectError(await getProfile(token), 401, "invalid_token");
  });
});

describe("POST /api/v2/auth/googleverify", () => {
  it("verifies Google's id_token, creates or links the account and answers a token pair", async () => {
    const person = newPerson({ name: "Api Google" });
    const created = await postJson("/api/v2/auth/googleverify", { idToken: await googleIdToken(person) });
    expect(created.status).toBe(200);
    const tokens = (await created.json()) as Tokens;
    const { profile } = (await (await getProfile(tokens.token)).json()) as { profile: { name: string; email: string } };
    expect(profile).toMatchObject({ name: "Api Google", email: person.email });

    const again = await postJson("/api/v2/auth/googleverify", { credential: await googleIdToken(person) });
    const second = (await again.json()) as Tokens;
    const sameProfile = (await (await getProfile(second.token)).json()) as { profile: { email: string } };
    expect(sameProfile.profile.email).toBe(person.email);

    const user = await createUser();
    const linked = await postJson("/api/v2/auth/googleverify", {
      idToken: await googleIdToken(newPerson({ email: user.email })),
    });
    const linkedTokens = (await linked.json()) as Tokens;
    const linkedProfile = (await (await getProfile(linkedTokens.token)).json()) as { profile: { id: number } };
    expect(linkedProfile.profile.id).toBe(user.id);
  });

  it("refuses a token for another client, an expired one, a forged one and an unverified email", async () => {
    const person = newPerson();
    const verify = async (idToken: string) => postJson("/api/v2/auth/googleverify", { idToken });
    await expectError(await verify(await googleIdToken(person, { audience: "other" })), 401, "invalid_id_token");
    await expectError(await verify(await googleIdToken(person, { expiresIn: -300 })), 401, "id_token_expired");
    await expectError(await verify(await googleIdToken(person, { forged: true })), 401, "invalid_id_token");
    await expectError(await verify(await googleIdToken({ ...person, email_verified: false })), 403, "email_unverified");
    await expectError(await verify(await googleIdToken({ sub: person.sub })), 422, "email_missing");
    await expectError(await postJson("/api/v2/auth/googleverify", {}), 400, "invalid_request");
  });
});

describe("POST /api/v2/auth/appleverify", () => {
  it("trades the code at Apple, verifies the id_token and answers a token pair, named from `user`", async () => {
    const person = newPerson();
    const idToken = await appleIdToken(person);
    idp.grantAppleCode("api-code-1", { idToken });
    const response = await postJson("/api/v2/auth/appleverify", {
      authorization: { code: "api-code-1", id_token: idToken },
      user: { name: { firstName: "Apple", lastName: "App" }, email: person.email },
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    const { profile } = (await (await getProfile(tokens.token)).json()) as { profile: { name: string } };
    expect(profile.name).toBe("Apple App");
    const [request] = idp.tokenRequests;
    expect(request?.body.get("code")).toBe("api-code-1");
    expect(request?.body.get("client_secret")).toEqual(expect.any(String));
  });

  it("refuses a code Apple does not accept, and an id_token for someone else", async () => {
    await expectError(
      await postJson("/api/v2/auth/appleverify", { authorization: { code: "never-granted" } }),
      401,
      "invalid_authorization",
    );
    idp.grantAppleCode("api-code-2", { idToken: await appleIdToken(newPerson()) });
    await expectError(
      await postJson("/api/v2/auth/appleverify", {
        authorization: { code: "api-code-2", id_token: await appleIdToken(newPerson()) },
      }),
      401,
      "invalid_id_token",
    );
    idp.grantAppleCode("api-code-3", { idToken: await appleIdToken(newPerson(), { expiresIn: -300 }) });
    await expectError(
      await postJson("/api/v2/auth/appleverify", { authorization: { code: "api-code-3" } }),
      401,
      "id_token_expired",
    );
  });

  it("answers 400 without an authorization code", async () => {
    await expectError(await postJson("/api/v2/auth/appleverify", {}), 400, "invalid_request");
    await expectError(
      await postJson("/api/v2/auth/appleverify", { authorization: { code: "" } }),
      400,
      "invalid_request",
    );
  });
});

describe("providers that are not configured", () => {
  it("are off for the buttons; the API needs only Google's client id (social-not-configured.test.ts)", () => {
    const config = getConfig();
    expect(enabledProviders(config)).toEqual({ google: true, apple: true });
    expect(enabledProviders({ ...config, GOOGLE_CLIENT_SECRET: undefined, APPLE_KEY_ID: undefined })).toEqual({
      google: false,
      apple: false,
    });
    // googleverify checks an app's id_token against the client id; the secret is for the web.
    expect(googleSettings({ ...config, GOOGLE_CLIENT_SECRET: undefined })?.clientId).toBe(config.GOOGLE_CLIENT_ID);
    expect(googleSettings({ ...config, GOOGLE_CLIENT_ID: undefined })).toBeNull();
    expect(appleSettings({ ...config, APPLE_PRIVATE_KEY: undefined })).toBeNull();
  });
});
