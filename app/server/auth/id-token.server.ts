import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";

/**
 * OpenID Connect id_tokens from Google and Apple, verified against the provider's published
 * keys (JWKS): signature, issuer, audience (our client id), expiry and, when we sent one, the
 * nonce. Nothing in a token is trusted before this passes.
 */
export type IdTokenCheck =
  | { status: "valid"; claims: JWTPayload & { sub: string } }
  // Signed by someone else, for someone else, malformed, or the wrong nonce.
  | { status: "invalid" }
  | { status: "expired" }
  // The provider's keys could not be fetched: not the token's fault.
  | { status: "unavailable" };

export type IdTokenExpectations = {
  jwksUrl: string;
  issuer: string | string[];
  audience: string;
  nonce?: string;
  now?: number;
  /** Tests and callers with keys at hand; otherwise the provider's JWKS, cached per isolate. */
  keys?: JWTVerifyGetKey;
};

// Providers rotate keys rarely; jose refetches on an unknown key id (at most every 30 s).
const keySets = new Map<string, JWTVerifyGetKey>();

function remoteKeySet(url: string) {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, keys);
  }
  return keys;
}

const TOKEN_FAULTS = [
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

export async function verifyIdToken(idToken: string, expect: IdTokenExpectations): Promise<IdTokenCheck> {
  try {
    const { payload } = await jwtVerify(idToken, expect.keys ?? remoteKeySet(expect.jwksUrl), {
      issuer: expect.issuer,
      audience: expect.audience,
      // Both providers sign with RS256; ES256 is allowed for Apple's newer keys.
      algorithms: ["RS256", "ES256"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
      currentDate: expect.now === undefined ? undefined : new Date(expect.now),
    });
    if (typeof payload.sub !== "string" || payload.sub === "") return { status: "invalid" };
    if (expect.nonce !== undefined && payload.nonce !== expect.nonce) return { status: "invalid" };
    return { status: "valid", claims: { ...payload, sub: payload.sub } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { status: "expired" };
    if (TOKEN_FAULTS.some((fault) => error instanceof fault)) return { status: "invalid" };
    console.warn("id_token: the provider's keys could not be loaded", error);
    return { status: "unavailable" };
  }
}

/** Apple sends email_verified as the string "true"; Google as a boolean. */
export function claimIsTrue(value: unknown) {
  return value === true || value === "true";
}

export function stringClaim(value: unknown) {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
