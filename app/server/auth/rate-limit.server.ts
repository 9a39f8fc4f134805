import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
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
  for (const key of keys) {
    const row = await getDb().query.rateLimits.findFirst({ where: eq(schema.rateLimits.key, key) });
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
  const [first, ...rest] = keys.map(upsert);
  if (first) await db.batch([first, ...rest]);
}

export async function clearRateLimit(key: string) {
  await getDb().delete(schema.rateLimits).where(eq(schema.rateLimits.key, key));
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
  const [taken, row] = await env.DB.batch<{ window_start: number }>([
    env.DB.prepare(TAKE_WINDOW_TRY).bind(key, now, policy.windowMs, policy.limit),
    env.DB.prepare("SELECT window_start FROM rate_limits WHERE key = ?1").bind(key),
  ]);
  if (taken?.results.length) return { allowed: true } as const;
  const windowStart = row?.results[0]?.window_start ?? now;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + policy.windowMs - now) / 1000)),
  } as const;
}
