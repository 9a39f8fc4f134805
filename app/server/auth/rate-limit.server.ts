import { eq, sql } from "drizzle-orm";
import { batch, single, sqlRows, textRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";

/**
 * After 5 tries in 15 minutes, further tries are refused until the window ends: mail requests
 * (docs/decisions/019-registration-and-recovery.md "Limits"); sign-in has its own (decision 034).
 */
export const RATE_LIMIT = { attempts: 5, windowMs: 15 * 60 * 1000 };

export type RateLimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Keys name what is limited: `signin:account:<email>`, `signin:ip:<ip>`, `mail:reset:<email>`… */
export async function checkRateLimit(keys: string[], now = Date.now()): Promise<RateLimitCheck> {
  let retryAfterMs = 0;
  // Every key's row in one batch, by key.
  const rows = await batch(
    Object.fromEntries(
      keys.map((key) => [key, getDb().select().from(schema.rateLimits).where(eq(schema.rateLimits.key, key))]),
    ),
  );
  for (const key of keys) {
    const row = rows[key]?.[0];
    if (!row) continue;
    const windowEnds = row.windowStart + RATE_LIMIT.windowMs;
    if (windowEnds > now && row.count >= RATE_LIMIT.attempts) retryAfterMs = Math.max(retryAfterMs, windowEnds - now);
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { allowed: true };
}

/** Counts one attempt against every key; a key whose window has passed starts a new one. */
export async function recordAttempt(keys: string[], now = Date.now()) {
  const expired = now - RATE_LIMIT.windowMs;
  const db = getDb();
  const upsert = (key: string) =>
    db
      .insert(schema.rateLimits)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: schema.rateLimits.key,
        set: {
          count: sql`CASE WHEN ${schema.rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${schema.rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${schema.rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${schema.rateLimits.windowStart} END`,
        },
      });
  await batch(Object.fromEntries(keys.map((key) => [key, upsert(key)])));
}

export async function clearRateLimit(key: string) {
  await single(getDb().delete(schema.rateLimits).where(eq(schema.rateLimits.key, key)));
}

/** The client's address as Cloudflare reports it; local runs fall back to one shared key. */
export function clientAddress(request: Request) {
  return (
    request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local"
  );
}

/**
 * Takes one try from a fixed window, atomically (docs/decisions/034-sign-in-limits.md): one
 * upsert whose WHERE refuses once `limit` tries were taken, so parallel requests cannot
 * overshoot. ?1 key, ?2 now, ?3 window, ?4 limit. A refused try returns no row.
 */
export const TAKE_WINDOW_TRY = `
INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 1, ?2)
ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
  window_start = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN ?2 ELSE rate_limits.window_start END
WHERE rate_limits.window_start <= ?2 - ?3 OR rate_limits.count < ?4
RETURNING window_start`;

export async function takeWindowTry(key: string, policy: { limit: number; windowMs: number }, now = Date.now()) {
  const { taken, row } = await batch({
    taken: textRows<{ window_start: number }>(TAKE_WINDOW_TRY, [key, now, policy.windowMs, policy.limit]),
    row: textRows<{ window_start: number }>("SELECT window_start FROM rate_limits WHERE key = ?1", [key]),
  });
  if (taken.length > 0) return { allowed: true } as const;
  const windowStart = row[0]?.window_start ?? now;
  return { allowed: false, retryAfterSeconds: secondsLeft(windowStart, policy, now) } as const;
}

/**
 * A window that one write takes several tries from at once (a roster's invitations), inside the
 * caller's batch, in this order: `take` counts the tries; the caller's write runs only
 * `WHERE ${allowed}`; `over` reads the window's start when the write was refused; `refund` gives the
 * refused tries back. One batch is one transaction, so parallel requests cannot overshoot.
 */
export function windowTries(key: string, policy: { limit: number; windowMs: number }, tries: number, now: number) {
  const expired = now - policy.windowMs;
  return {
    take: sqlRows(sql`INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, ${tries}, ${now})
      ON CONFLICT(key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${expired} THEN ${tries} ELSE rate_limits.count + ${tries} END,
        window_start = CASE WHEN rate_limits.window_start <= ${expired} THEN ${now} ELSE rate_limits.window_start END`),
    allowed: sql`(SELECT count FROM rate_limits WHERE key = ${key}) <= ${policy.limit}`,
    over: sqlRows<{ window_start: number }>(
      sql`SELECT window_start FROM rate_limits WHERE key = ${key} AND count > ${policy.limit}`,
    ),
    refund: sqlRows(
      sql`UPDATE rate_limits SET count = count - ${tries} WHERE key = ${key} AND count > ${policy.limit}`,
    ),
  };
}

/** Seconds until a window that started at `windowStart` ends (at least 1). */
export function secondsLeft(windowStart: number, policy: { windowMs: number }, now: number) {
  return Math.max(1, Math.ceil((windowStart + policy.windowMs - now) / 1000));
}
