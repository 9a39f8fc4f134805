import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { getConfig } from "~/server/config.server";
import { getDb, schema } from "~/server/db/db.server";
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

function jwtKey() {
  return new TextEncoder().encode(getConfig().JWT_SECRET);
}

export async function signAccessToken(userId: number, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(jwtKey());
}

export type AccessTokenCheck = { status: "valid"; userId: number } | { status: "expired" } | { status: "invalid" };

export async function verifyAccessToken(token: string, now = Date.now()): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, jwtKey(), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    return Number.isInteger(userId) && userId > 0 ? { status: "valid", userId } : { status: "invalid" };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { status: "expired" };
    return { status: "invalid" };
  }
}

/** Starts a new token family: one per sign-in. */
export async function issueTokens(userId: number, now = Date.now()): Promise<TokenPair> {
  const refreshToken = randomToken();
  await getDb()
    .insert(schema.refreshTokens)
    .values({
      hash: await sha256Hex(refreshToken),
      userId,
      family: crypto.randomUUID(),
      expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
      createdAt: now,
    });
  return { token: await signAccessToken(userId, now), refreshToken };
}

export type RefreshResult = { status: "rotated"; userId: number; tokens: TokenPair } | { status: "refused" };

/**
 * Trades a refresh token for a new pair (DESIGN §5). Each refresh token works once: a second
 * use means it was stolen or replayed, so the whole family is revoked and both holders must
 * sign in again.
 */
export async function rotateRefreshToken(refreshToken: string, now = Date.now()): Promise<RefreshResult> {
  const db = getDb();
  const hash = await sha256Hex(refreshToken);
  const row = await db.query.refreshTokens.findFirst({ where: eq(schema.refreshTokens.hash, hash) });
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return { status: "refused" };
  if (row.rotatedAt !== null && now - row.rotatedAt > REFRESH_REUSE_GRACE_MS) {
    await revokeFamily(row.family, now);
    return { status: "refused" };
  }
  if (row.rotatedAt === null) {
    await db
      .update(schema.refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(schema.refreshTokens.id, row.id), isNull(schema.refreshTokens.rotatedAt)));
  }
  const user = await db.query.users.findFirst({
    where: and(eq(schema.users.id, row.userId), isNull(schema.users.deletedAt)),
    columns: { id: true },
  });
  if (!user) return { status: "refused" };
  const next = randomToken();
  await db.insert(schema.refreshTokens).values({
    hash: await sha256Hex(next),
    userId: row.userId,
    family: row.family,
    rotatedFrom: row.id,
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
    createdAt: now,
  });
  return {
    status: "rotated",
    userId: row.userId,
    tokens: { token: await signAccessToken(row.userId, now), refreshToken: next },
  };
}

async function revokeFamily(family: string, now: number) {
  await getDb()
    .update(schema.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(schema.refreshTokens.family, family), isNull(schema.refreshTokens.revokedAt)));
}

/** Logout: ends the sign-in that this refresh token belongs to. Unknown tokens are ignored. */
export async function revokeRefreshToken(refreshToken: string, now = Date.now()) {
  const row = await getDb().query.refreshTokens.findFirst({
    where: eq(schema.refreshTokens.hash, await sha256Hex(refreshToken)),
    columns: { family: true, userId: true },
  });
  if (row) await revokeFamily(row.family, now);
  return row?.userId ?? null;
}

/** Ends every sign-in of a user (password reset, account deletion), optionally but one. */
export async function revokeAllSessions(
  userId: number,
  options: { exceptRefreshToken?: string } = {},
  now = Date.now(),
) {
  const db = getDb();
  let keepFamily: string | undefined;
  if (options.exceptRefreshToken) {
    const keep = await db.query.refreshTokens.findFirst({
      where: eq(schema.refreshTokens.hash, await sha256Hex(options.exceptRefreshToken)),
      columns: { family: true },
    });
    keepFamily = keep?.family;
  }
  const rows = await db.query.refreshTokens.findMany({
    where: and(eq(schema.refreshTokens.userId, userId), isNull(schema.refreshTokens.revokedAt)),
    columns: { family: true },
  });
  const families = new Set(rows.map((row) => row.family).filter((family) => family !== keepFamily));
  for (const family of families) await revokeFamily(family, now);
}
