import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { SessionUser } from "~/context";
import { getConfig } from "~/server/config.server";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, type SessionUserRow, sessionUserQuery, toSessionUser } from "~/server/users/session-user.server";
import { randomToken, sha256Hex } from "./crypto.server";

/** SPEC §9: the access token lives 300 s, the refresh token 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;

/**
 * A browser can send two requests with the same expired access token at once (a prefetch
 * and a navigation). A second use this soon after rotation is that race, not theft: it gets
 * a sibling token in the same family. Later reuse revokes the family (docs/decisions).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type TokenPair = { token: string; refreshToken: string };

const ISSUER = "schoolhub";

/**
 * The HMAC key, imported once per isolate (and again only if the secret changes): given raw
 * bytes, jose imports a CryptoKey on every verify, a WebCrypto call on every signed-in request.
 */
let jwtKeyCache: { secret: string; key: Promise<CryptoKey> } | undefined;
function jwtKey(): Promise<CryptoKey> {
  const secret = getConfig().JWT_SECRET;
  if (jwtKeyCache?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    jwtKeyCache = { secret, key };
  }
  return jwtKeyCache.key;
}

/**
 * Claims beyond the standard ones (decision 042): `tv` is the user's token version, so logout
 * and deletion can revoke tokens already issued; `u` is what the page header shows, so a
 * signed-in page needs no D1 read to learn who is asking while the token is valid.
 */
type ProfileClaims = {
  n: string;
  un: string | null;
  e: string;
  a: string;
  th: string;
  tz?: string | null;
  lg?: string;
};

export async function signAccessToken(user: SessionUserRow, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const profile: ProfileClaims = {
    n: user.name,
    un: user.username,
    e: user.email,
    a: user.avatar,
    th: user.theme,
    tz: user.timeZone,
    lg: user.locale,
  };
  return new SignJWT({ tv: user.tokenVersion, u: profile })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await jwtKey());
}

export type AccessTokenCheck =
  | {
      status: "valid";
      userId: number;
      tokenVersion: number;
      /** From the claims; null for a token issued before they existed (then read it from D1). */
      user: SessionUser | null;
    }
  | { status: "expired" }
  | { status: "invalid" };

function profileFrom(id: number, tokenVersion: number, claims: unknown): SessionUser | null {
  if (typeof claims !== "object" || claims === null) return null;
  const p = claims as Partial<ProfileClaims>;
  if (typeof p.n !== "string" || typeof p.e !== "string" || typeof p.a !== "string" || typeof p.th !== "string") {
    return null;
  }
  const username = typeof p.un === "string" ? p.un : null;
  const timeZone = typeof p.tz === "string" ? p.tz : null;
  const locale = typeof p.lg === "string" ? p.lg : "en";
  const session = { id, name: p.n, username, email: p.e, avatar: p.a, theme: p.th, timeZone, locale };
  return toSessionUser({ ...session, tokenVersion });
}

/**
 * Access tokens this isolate has verified, by their exact text (decision 110): a browser sends
 * the same token with every request for five minutes, and the same bytes under the same key
 * verify the same way, so only the expiry is checked again. Bounded, oldest first; emptied when
 * the secret changes. Revocation is not a property of the token (writes check it, decision 082).
 */
const VERIFIED_TOKENS_MAX = 1_000;
type VerifiedToken = { expiresAt: number; check: Extract<AccessTokenCheck, { status: "valid" }> };
const verifiedTokens = new Map<string, VerifiedToken>();
let verifiedTokensSecret: string | undefined;

function rememberVerified(token: string, verified: VerifiedToken) {
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
  verifiedTokens.set(token, verified);
}

export async function verifyAccessToken(token: string, now = Date.now()): Promise<AccessTokenCheck> {
  const secret = getConfig().JWT_SECRET;
  if (verifiedTokensSecret !== secret) {
    verifiedTokens.clear();
    verifiedTokensSecret = secret;
  }
  const known = verifiedTokens.get(token);
  // jose's own test: expired once `exp` is at or before the current second.
  if (known) return known.expiresAt <= Math.floor(now / 1000) ? { status: "expired" } : known.check;
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) return { status: "invalid" };
    const tokenVersion = typeof payload.tv === "number" && Number.isInteger(payload.tv) ? payload.tv : 0;
    const check = {
      status: "valid",
      userId: id,
      tokenVersion,
      user: profileFrom(id, tokenVersion, payload.u),
    } as const;
    // Every token this app signs has an expiry; one without is verified each time. The answer
    // is shared by this token's later requests, so none of them may change it.
    if (typeof payload.exp === "number") {
      if (check.user) Object.freeze(check.user);
      rememberVerified(token, { expiresAt: payload.exp, check: Object.freeze(check) });
    }
    return check;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { status: "expired" };
    return { status: "invalid" };
  }
}

/** Starts a new token family: one per sign-in. The user is read in the same batch. */
export async function issueTokens(userId: number, now = Date.now()): Promise<TokenPair> {
  const refreshToken = randomToken();
  const db = getDb();
  const { users } = await batch({
    stored: db.insert(schema.refreshTokens).values({
      hash: await sha256Hex(refreshToken),
      userId,
      family: crypto.randomUUID(),
      expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
      createdAt: now,
    }),
    users: sessionUserQuery(userId),
  });
  const user = users[0];
  if (!user) throw new Error(`issueTokens: user ${userId} cannot sign in`);
  return { token: await signAccessToken(user, now), refreshToken };
}

/** A new access token for the same sign-in, after the claims changed (decision 042). */
export async function resignAccessToken(actor: Actor, now = Date.now()) {
  const [user] = await single(sessionUserQuery(actor.id));
  // Only for a token that is still current: re-signing must never revive a revoked session (decision 042).
  if (!user || user.tokenVersion !== actor.tokenVersion) return null;
  return { token: await signAccessToken(user, now), user: toSessionUser(user) };
}

export type RefreshResult =
  | { status: "rotated"; userId: number; user: SessionUser; tokens: TokenPair }
  | { status: "refused" };

/**
 * Trades a refresh token for a new pair (DESIGN §5). Each refresh token works once: a second
 * use means it was stolen or replayed, so the whole family is revoked and both holders must
 * sign in again.
 */
export async function rotateRefreshToken(refreshToken: string, now = Date.now()): Promise<RefreshResult> {
  const db = getDb();
  const hash = await sha256Hex(refreshToken);
  const [row] = await single(
    db.select().from(schema.refreshTokens).where(eq(schema.refreshTokens.hash, hash)).limit(1),
  );
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return { status: "refused" };
  if (row.rotatedAt !== null && now - row.rotatedAt > REFRESH_REUSE_GRACE_MS) {
    await single(revokeFamily(row.family, now));
    return { status: "refused" };
  }
  // One round trip: mark the old token used, read the user, and store the new token. Nobody
  // holds the new token before this answers, so storing it for a user who is gone is harmless.
  const next = randomToken();
  const { users } = await batch({
    rotated: db
      .update(schema.refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(schema.refreshTokens.id, row.id), isNull(schema.refreshTokens.rotatedAt))),
    users: sessionUserQuery(row.userId),
    stored: db.insert(schema.refreshTokens).values({
      hash: await sha256Hex(next),
      userId: row.userId,
      family: row.family,
      rotatedFrom: row.id,
      expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
      createdAt: now,
    }),
  });
  const [user] = users;
  if (!user) return { status: "refused" };
  return {
    status: "rotated",
    userId: row.userId,
    user: toSessionUser(user),
    tokens: { token: await signAccessToken(user, now), refreshToken: next },
  };
}

function revokeFamily(family: string, now: number) {
  return getDb()
    .update(schema.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(schema.refreshTokens.family, family), isNull(schema.refreshTokens.revokedAt)));
}

/**
 * Logout: ends the sign-in that this refresh token belongs to, and bumps the user's token
 * version so access tokens already issued stop working for writes and the socket (decision
 * 042). Unknown tokens are ignored. Returns the user's id, or null.
 */
export async function revokeRefreshToken(refreshToken: string, now = Date.now()) {
  const db = getDb();
  const hash = await sha256Hex(refreshToken);
  const [row] = await single(
    db
      .select({ family: schema.refreshTokens.family, userId: schema.refreshTokens.userId })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.hash, hash))
      .limit(1),
  );
  if (!row) return null;
  await batch({
    revoked: db
      .update(schema.refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(schema.refreshTokens.family, row.family), isNull(schema.refreshTokens.revokedAt))),
    bumped: bumpTokenVersion(row.userId),
  });
  return row.userId;
}

/** Revokes every access token of a user already issued: batch it with the write that needs it. */
export function bumpTokenVersion(userId: number) {
  return getDb()
    .update(schema.users)
    .set({ tokenVersion: sql`${schema.users.tokenVersion} + 1` })
    .where(eq(schema.users.id, userId));
}

/** Ends every sign-in of a user (password reset, account deletion), optionally but one. */
export async function revokeAllSessions(
  userId: number,
  options: { exceptRefreshToken?: string } = {},
  now = Date.now(),
) {
  const t = schema.refreshTokens;
  // One statement: every live token of the user, but those of the family being kept (found by
  // the kept token's hash inside the statement).
  const keepHash = options.exceptRefreshToken ? await sha256Hex(options.exceptRefreshToken) : null;
  const kept = keepHash
    ? ne(t.family, sql`coalesce((select ${t.family} from ${t} where ${t.hash} = ${keepHash}), '')`)
    : undefined;
  await single(
    getDb()
      .update(t)
      .set({ revokedAt: now })
      .where(and(eq(t.userId, userId), isNull(t.revokedAt), kept)),
  );
}
