import { env } from "cloudflare:workers";
import type { JWTPayload } from "jose";
import { vi } from "vitest";
import { createFakeIdp, type Grant, type SignOptions } from "../../scripts/fake-idp/provider";

/**
 * The fake Google and Apple of scripts/fake-idp/provider.ts (the end-to-end suite serves the same
 * one over HTTP) at https://idp.test, for tests inside workerd, which cannot listen on ports: the
 * Worker under test runs in the tests' isolate, so mocking the global fetch hands its calls to
 * the provider. Its settings are the suite's bindings (vitest.config.ts); the app verifies every
 * token for real.
 */
export const GOOGLE = {
  clientId: env.GOOGLE_CLIENT_ID,
  clientSecret: env.GOOGLE_CLIENT_SECRET,
  issuer: env.GOOGLE_ISSUER,
};
export const APPLE = {
  clientId: env.APPLE_CLIENT_ID,
  teamId: env.APPLE_TEAM_ID,
  keyId: env.APPLE_KEY_ID,
  issuer: env.APPLE_ISSUER,
};
const ORIGIN = new URL(GOOGLE.issuer).origin;

// One provider per test file (each runs in its own isolate): the Worker caches the JWKS it
// fetched, so every token in the file must be signed with the keys that JWKS holds.
let provider: ReturnType<typeof createFakeIdp> | undefined;
const idpOnce = () =>
  (provider ??= createFakeIdp({
    origin: ORIGIN,
    google: { clientId: GOOGLE.clientId, clientSecret: GOOGLE.clientSecret },
    apple: { clientId: APPLE.clientId, teamId: APPLE.teamId, keyId: APPLE.keyId },
    appleTeamPublicKey: env.TEST_APPLE_PUBLIC_KEY,
  }));

export type TokenOptions = SignOptions;
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

export async function googleIdToken(person: Person, options?: TokenOptions) {
  return (await idpOnce()).signIdToken("google", { ...person }, options);
}

export async function appleIdToken(person: Omit<Person, "name">, options?: TokenOptions & { nonce?: string }) {
  const { nonce, ...rest } = options ?? {};
  const claims: JWTPayload = { sub: person.sub, email: person.email, email_verified: person.email_verified ?? "true" };
  if (nonce) claims.nonce = nonce;
  return (await idpOnce()).signIdToken("apple", claims, rest);
}

/** What the fake provider saw and will answer; reset by `installFakeIdp` for every test. */
export type FakeIdp = {
  /** Codes that the token endpoints will trade, as the authorization endpoints would mint. */
  grantGoogleCode(code: string, grant: Grant): void;
  grantAppleCode(code: string, grant: Grant): void;
  tokenRequests: Awaited<ReturnType<typeof createFakeIdp>>["seen"]["tokenRequests"];
  readonly jwksFetches: number;
  /** The Apple client secrets the app signed, as verified claims. */
  appleClientSecrets: JWTPayload[];
  /** Puts the real fetch back (call it in afterEach). */
  restore(): void;
};

/** Mocks the global fetch for https://idp.test; other addresses go to the real fetch. */
export async function installFakeIdp(): Promise<FakeIdp> {
  const idp = await idpOnce();
  idp.reset();
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    return new URL(request.url).origin === ORIGIN ? idp.fetch(request) : realFetch(input, init);
  });
  return {
    grantGoogleCode: (code, grant) => idp.grantCode("google", code, grant),
    grantAppleCode: (code, grant) => idp.grantCode("apple", code, grant),
    tokenRequests: idp.seen.tokenRequests,
    get jwksFetches() {
      return idp.seen.jwksFetches;
    },
    appleClientSecrets: idp.seen.appleClientSecrets,
    restore: () => spy.mockRestore(),
  };
}
