import { env } from "cloudflare:workers";
import {
  base64url,
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  importSPKI,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from "jose";
import { vi } from "vitest";

/**
 * A fake Google and Apple at https://idp.test for tests inside workerd, which cannot listen on
 * ports. The Worker under test runs in the tests' isolate, so mocking the global fetch answers
 * its calls to the token and JWKS endpoints. Keys are generated here with jose; the app
 * verifies the tokens for real. scripts/fake-idp.mjs is the same provider over HTTP (e2e).
 */
export const GOOGLE = {
  clientId: "test-client.apps.googleusercontent.test",
  clientSecret: "test-google-secret",
  issuer: "https://idp.test/google",
};
export const APPLE = {
  clientId: "test.schoolhub.signin",
  teamId: "TESTTEAM01",
  keyId: "TESTKEY001",
  issuer: "https://idp.test/apple",
};

type KeyPair = { privateKey: CryptoKey; publicJwk: JWK; kid: string };

async function keyPair(name: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `${name}-${crypto.randomUUID()}`;
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }, kid };
}

type Keys = { google: KeyPair; apple: KeyPair; stranger: KeyPair };

// One set per test file (each runs in its own isolate): the Worker caches the JWKS it fetched,
// so every token in the file must be signed with the keys that JWKS holds.
let keySet: Promise<Keys> | undefined;
function keys() {
  keySet ??= (async () => ({
    google: await keyPair("google"),
    apple: await keyPair("apple"),
    stranger: await keyPair("stranger"),
  }))();
  return keySet;
}

export type TokenOptions = {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  /** Sign with a key the provider never published, under the provider's key id. */
  forged?: boolean;
};

async function sign(provider: "google" | "apple", claims: JWTPayload, options: TokenOptions = {}) {
  const all = await keys();
  const published = all[provider];
  const key = options.forged ? all.stranger.privateKey : published.privateKey;
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresIn ?? 3600;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: published.kid, typ: "JWT" })
    .setIssuer(options.issuer ?? (provider === "google" ? GOOGLE.issuer : APPLE.issuer))
    .setAudience(options.audience ?? (provider === "google" ? GOOGLE.clientId : APPLE.clientId))
    .setIssuedAt(Math.min(now, now + expiresIn - 60))
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

export type Person = { sub: string; email?: string; email_verified?: boolean | string; name?: string };

let people = 0;
/** A person at the provider who has never been here: unique subject and address. */
export function newPerson(overrides: Partial<Person> = {}): Person {
  people += 1;
  const unique = `${Date.now().toString(36)}${people}`;
  return {
    sub: `sub-${unique}`,
    email: `person-${unique}@idp.test`,
    email_verified: true,
    name: `Idp Person ${people}`,
    ...overrides,
  };
}

export function googleIdToken(person: Person, options?: TokenOptions) {
  return sign("google", { ...person }, options);
}

export function appleIdToken(person: Omit<Person, "name">, options?: TokenOptions & { nonce?: string }) {
  const { nonce, ...rest } = options ?? {};
  const claims: JWTPayload = { sub: person.sub, email: person.email, email_verified: person.email_verified ?? "true" };
  if (nonce) claims.nonce = nonce;
  return sign("apple", claims, rest);
}

type Grant = { idToken: string; codeChallenge?: string; redirectUri?: string };

/** What the fake provider saw and will answer; reset by `installFakeIdp` for every test. */
export type FakeIdp = {
  /** Codes that the token endpoints will trade, as the authorization endpoints would mint. */
  grantGoogleCode(code: string, grant: Grant): void;
  grantAppleCode(code: string, grant: Grant): void;
  tokenRequests: Array<{ provider: "google" | "apple"; body: URLSearchParams; authorization: string | null }>;
  jwksFetches: number;
  /** The Apple client secrets the app signed, as verified claims. */
  appleClientSecrets: JWTPayload[];
  /** Puts the real fetch back (call it in afterEach). */
  restore(): void;
};

/** Reads a form body without workerd's warning about calling text() on a non-text type. */
async function formBody(request: Request) {
  return new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
}

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

async function s256(verifier: string) {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** Mocks the global fetch for https://idp.test; other addresses go to the real fetch. */
export async function installFakeIdp(): Promise<FakeIdp> {
  const all = await keys();
  const realFetch = globalThis.fetch;
  const googleCodes = new Map<string, Grant>();
  const appleCodes = new Map<string, Grant>();
  const appleSecretKey = await importSPKI(env.TEST_APPLE_PUBLIC_KEY, "ES256");
  const idp: FakeIdp = {
    grantGoogleCode: (code, grant) => googleCodes.set(code, grant),
    grantAppleCode: (code, grant) => appleCodes.set(code, grant),
    tokenRequests: [],
    jwksFetches: 0,
    appleClientSecrets: [],
    restore: () => spy.mockRestore(),
  };

  async function googleToken(request: Request) {
    const body = await formBody(request);
    const authorization = request.headers.get("Authorization");
    idp.tokenRequests.push({ provider: "google", body, authorization });
    if (authorization !== `Basic ${btoa(`${GOOGLE.clientId}:${GOOGLE.clientSecret}`)}`) {
      return json({ error: "invalid_client" }, 401);
    }
    const grant = googleCodes.get(body.get("code") ?? "");
    googleCodes.delete(body.get("code") ?? "");
    if (!grant || body.get("grant_type") !== "authorization_code") return json({ error: "invalid_grant" }, 400);
    if (grant.redirectUri && grant.redirectUri !== body.get("redirect_uri"))
      return json({ error: "invalid_grant" }, 400);
    if (grant.codeChallenge && grant.codeChallenge !== (await s256(body.get("code_verifier") ?? ""))) {
      return json({ error: "invalid_grant", error_description: "code_verifier" }, 400);
    }
    return json({ access_token: "google-access", id_token: grant.idToken, token_type: "Bearer", expires_in: 3599 });
  }

  async function appleToken(request: Request) {
    const body = await formBody(request);
    idp.tokenRequests.push({ provider: "apple", body, authorization: request.headers.get("Authorization") });
    try {
      const { payload, protectedHeader } = await jwtVerify(body.get("client_secret") ?? "", appleSecretKey, {
        issuer: APPLE.teamId,
        subject: APPLE.clientId,
        audience: APPLE.issuer,
        algorithms: ["ES256"],
      });
      if (protectedHeader.kid !== APPLE.keyId || body.get("client_id") !== APPLE.clientId) throw new Error("client");
      idp.appleClientSecrets.push(payload);
    } catch {
      return json({ error: "invalid_client" }, 400);
    }
    const grant = appleCodes.get(body.get("code") ?? "");
    appleCodes.delete(body.get("code") ?? "");
    if (!grant || body.get("grant_type") !== "authorization_code") return json({ error: "invalid_grant" }, 400);
    if (grant.redirectUri && grant.redirectUri !== body.get("redirect_uri"))
      return json({ error: "invalid_grant" }, 400);
    return json({ access_token: "apple-access", id_token: grant.idToken, token_type: "Bearer", expires_in: 3600 });
  }

  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== "https://idp.test") return realFetch(input, init);
    switch (`${request.method} ${url.pathname}`) {
      case "GET /google/jwks":
        idp.jwksFetches += 1;
        return json({ keys: [all.google.publicJwk] });
      case "GET /apple/jwks":
        idp.jwksFetches += 1;
        return json({ keys: [all.apple.publicJwk] });
      case "POST /google/token":
        return googleToken(request);
      case "POST /apple/token":
        return appleToken(request);
      default:
        return json({ error: "not_found" }, 404);
    }
  });
  return idp;
}
