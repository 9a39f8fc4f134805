import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "~/lib/account";
import { claimIsTrue, type IdTokenCheck, stringClaim, verifyIdToken } from "./id-token.server";
import type { SocialIdentity } from "./identity.server";
import type { AppleSettings } from "./providers.server";
import { SocialSignInError } from "./social-errors.server";

/**
 * Talking to Apple: the signed client secret, the code exchange, id_token checks and the
 * person's identity. Shared by the web flow (apple.server.ts) and the JSON API.
 */

// Apple accepts client secrets valid for up to 6 months; one per exchange needs no storage.
const CLIENT_SECRET_TTL_SECONDS = 5 * 60;

const privateKeys = new Map<string, Promise<CryptoKey>>();

/** The ES256 JWT Apple wants as client_secret, signed with the team's private key. */
export async function appleClientSecret(settings: AppleSettings, now = Date.now()) {
  let key = privateKeys.get(settings.privateKey);
  if (!key) {
    key = importPKCS8(settings.privateKey, "ES256").catch((error) => {
      // An operator's mistake, not the person's: say so in the log, offer other ways in.
      privateKeys.delete(settings.privateKey);
      console.error("apple: APPLE_PRIVATE_KEY is not a PKCS#8 P-256 key (the .p8 file from Apple)", error);
      throw new SocialSignInError("unavailable");
    });
    privateKeys.set(settings.privateKey, key);
  }
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: settings.keyId })
    .setIssuer(settings.teamId)
    .setSubject(settings.clientId)
    .setAudience(settings.issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CLIENT_SECRET_TTL_SECONDS)
    .sign(await key);
}

/**
 * Trades an authorization code for Apple's tokens (client_secret_post, the only client
 * authentication Apple supports) and returns the id_token. A refused code is "failed"; an
 * Apple that cannot be reached or answers oddly is "unavailable".
 */
export async function exchangeAppleCode(settings: AppleSettings, code: string, redirectUri?: string) {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    client_id: settings.clientId,
    client_secret: await appleClientSecret(settings),
  });
  if (redirectUri) body.set("redirect_uri", redirectUri);
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
    });
  } catch (error) {
    console.warn("apple: the token endpoint could not be reached", error);
    throw new SocialSignInError("unavailable");
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400 || response.status === 401) throw new SocialSignInError("failed");
  const idToken = response.ok ? (answer as { id_token?: unknown } | null)?.id_token : undefined;
  if (typeof idToken !== "string") {
    console.warn(`apple: unexpected token endpoint answer (${response.status})`);
    throw new SocialSignInError("unavailable");
  }
  return idToken;
}

export function verifyAppleIdToken(idToken: string, settings: AppleSettings, nonce?: string): Promise<IdTokenCheck> {
  return verifyIdToken(idToken, {
    jwksUrl: settings.jwksUrl,
    issuer: settings.issuer,
    audience: settings.clientId,
    nonce,
  });
}

const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() }).optional(),
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
});

/**
 * Apple shares the person's name only once, on the first authorization, outside the signed
 * token (`user`, JSON in the form post; an object in the JSON API). It is a display name
 * suggestion and nothing more: the email always comes from the verified token.
 */
export function appleUserName(user: unknown) {
  let value = user;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = appleUserSchema.safeParse(value);
  if (!parsed.success || !parsed.data.name) return null;
  const { firstName, lastName } = parsed.data.name;
  return (
    [firstName, lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ") || null
  );
}

export function appleIdentity(claims: Record<string, unknown> & { sub: string }, name: string | null): SocialIdentity {
  return {
    provider: "apple",
    subject: claims.sub,
    // May be a private relay address (…@privaterelay.appleid.com): it still reaches the person.
    email: stringClaim(claims.email),
    emailVerified: claimIsTrue(claims.email_verified),
    name,
  };
}

export type AppleAuthorizationCheck = { status: "valid"; identity: SocialIdentity } | { status: "invalid" | "expired" };

/**
 * The JSON API (native apps): the app got `authorization` from Apple itself. The code is
 * traded at Apple, which proves it was issued to our client; the id_token Apple returns is
 * verified, and one sent alongside must be valid and name the same person.
 */
export async function verifyAppleAuthorization(
  settings: AppleSettings,
  input: { code: string; idToken?: string; user?: unknown },
): Promise<AppleAuthorizationCheck> {
  let sentSubject: string | undefined;
  if (input.idToken) {
    const sent = await verifyAppleIdToken(input.idToken, settings);
    if (sent.status === "unavailable") throw new SocialSignInError("unavailable");
    if (sent.status !== "valid") return { status: sent.status };
    sentSubject = sent.claims.sub;
  }
  const issued = await verifyAppleIdToken(await exchangeAppleCode(settings, input.code), settings);
  if (issued.status === "unavailable") throw new SocialSignInError("unavailable");
  if (issued.status !== "valid") return { status: issued.status };
  if (sentSubject !== undefined && sentSubject !== issued.claims.sub) return { status: "invalid" };
  return { status: "valid", identity: appleIdentity(issued.claims, appleUserName(input.user)) };
}
