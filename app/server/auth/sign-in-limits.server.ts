import { env } from "cloudflare:workers";
import { TAKE_WINDOW_TRY } from "./rate-limit.server";

/**
 * Sign-in limits (docs/decisions/034-sign-in-limits.md). Per account, whatever identifier was
 * typed: 5 tries, then a short exponential back-off (2 s, 4 s, 8 s… up to 15 minutes between
 * tries); the count starts over after an hour without tries or on a successful sign-in. Per
 * address only a high ceiling, so one child cannot lock a whole school out behind one NAT.
 */
export const SIGN_IN_LIMITS = {
  freeTries: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  accountResetMs: 60 * 60_000,
  addressCeiling: 100,
  addressWindowMs: 15 * 60_000,
};

export type TryReservation = { allowed: true; accountKey: string } | { allowed: false; retryAfterSeconds: number };

/**
 * The account's key, computed in SQL so the lookup costs nothing extra: `signin:user:<id>` for an
 * existing account (its email and username share it), `signin:name:<identifier>` otherwise.
 */
const ACCOUNT_KEY = `coalesce(
  (SELECT 'signin:user:' || id FROM users
    WHERE (lower(email) = ?1 OR lower(username) = ?1) AND deleted_at IS NULL LIMIT 1),
  'signin:name:' || ?1)`;

/** Delay before try number count + 1, in SQL: base · 2^(count − free), capped. */
const DELAY = "min(?4 * (1 << min(max(rate_limits.count - ?3, 0), 20)), ?5)";

/**
 * Takes one try for the account, atomically: a single upsert whose WHERE decides, so parallel
 * requests queue in D1 and never get more tries than the limit. A refused try returns no row.
 * ?1 identifier, ?2 now, ?3 free tries, ?4 base delay, ?5 max delay, ?6 reset after.
 */
const TAKE_ACCOUNT_TRY = `
INSERT INTO rate_limits (key, count, window_start) VALUES (${ACCOUNT_KEY}, 1, ?2)
ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN rate_limits.window_start <= ?2 - ?6 THEN 1 ELSE rate_limits.count + 1 END,
  window_start = ?2
WHERE rate_limits.window_start <= ?2 - ?6
   OR rate_limits.count < ?3
   OR ?2 >= rate_limits.window_start + ${DELAY}
RETURNING key`;

const READ_ACCOUNT = `SELECT count, window_start FROM rate_limits WHERE key = ${ACCOUNT_KEY}`;
const READ_KEY = "SELECT count, window_start FROM rate_limits WHERE key = ?1";

type Row = { count: number; window_start: number };

/**
 * Reserves one password check for `identifier` from `address`, or says how long to wait.
 * One D1 round trip: both upserts, then the rows they leave, for the wait time.
 */
export async function reserveSignInTry(identifier: string, address: string, now = Date.now()): Promise<TryReservation> {
  const value = identifier.trim().toLowerCase();
  const limits = SIGN_IN_LIMITS;
  const addressKey = `signin:ip:${address}`;
  const [account, fromAddress, accountRow, addressRow] = await env.DB.batch<{ key?: string } & Row>([
    env.DB.prepare(TAKE_ACCOUNT_TRY).bind(
      value,
      now,
      limits.freeTries,
      limits.baseDelayMs,
      limits.maxDelayMs,
      limits.accountResetMs,
    ),
    env.DB.prepare(TAKE_WINDOW_TRY).bind(addressKey, now, limits.addressWindowMs, limits.addressCeiling),
    env.DB.prepare(READ_ACCOUNT).bind(value),
    env.DB.prepare(READ_KEY).bind(addressKey),
  ]);
  const accountKey = account?.results[0]?.key;
  if (accountKey && fromAddress?.results.length) return { allowed: true, accountKey };

  let waitMs = 0;
  const accountState = accountRow?.results[0];
  if (!accountKey && accountState) {
    const delay = Math.min(
      limits.baseDelayMs * 2 ** Math.max(accountState.count - limits.freeTries, 0),
      limits.maxDelayMs,
    );
    waitMs = Math.max(waitMs, accountState.window_start + delay - now);
  }
  const addressState = addressRow?.results[0];
  if (!fromAddress?.results.length && addressState) {
    waitMs = Math.max(waitMs, addressState.window_start + limits.addressWindowMs - now);
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** A successful sign-in: the account starts over, and the address gets its try back. */
export async function settleSuccessfulTry(accountKey: string, address: string) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(accountKey),
    env.DB.prepare("UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?1").bind(`signin:ip:${address}`),
  ]);
}

/** After a password reset the account may try again at once (SPEC §5). */
export async function clearSignInLimit(userId: number) {
  await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(`signin:user:${userId}`).run();
}
