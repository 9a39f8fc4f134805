import { batch, single, textRows } from "~/server/db/batch.server";
import { TAKE_WINDOW_TRY } from "./rate-limit.server";

/**
 * Sign-in limits (docs/decisions/034-sign-in-limits.md). Failures count per account *and*
 * address: 5 tries, then a short exponential back-off (2 s, 4 s, 8 s… up to 15 minutes between
 * tries); the count starts over after an hour without tries or on a successful sign-in. While an
 * account is being guessed from other addresses, an address that has failed for it has no free
 * tries left, but an address that never failed always gets its try: guessing cannot lock the
 * owner out. Per address only a high ceiling, so one child cannot lock a whole school out
 * behind one NAT.
 */
export const SIGN_IN_LIMITS = {
  freeTries: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  accountResetMs: 60 * 60_000,
  addressCeiling: 100,
  addressWindowMs: 15 * 60_000,
};

export type TryReservation =
  | { allowed: true; accountKey: string; pairKey: string }
  | { allowed: false; retryAfterSeconds: number };

/**
 * The account's key, computed in SQL so the lookup costs nothing extra: `signin:user:<id>` for an
 * existing account (its email and username share it), `signin:name:<identifier>` otherwise.
 */
const ACCOUNT_KEY = `coalesce(
  (SELECT 'signin:user:' || id FROM users
    WHERE (lower(email) = ?1 OR lower(username) = ?1) AND deleted_at IS NULL LIMIT 1),
  'signin:name:' || ?1)`;

/** The (account, address) pair's key: `signin:user:<id>@<address>`. ?7 is the address. */
const PAIR_KEY = `${ACCOUNT_KEY} || '@' || ?7`;

/** Tries the account had from all addresses within the last hour. */
const ACCOUNT_COUNT = `coalesce((SELECT count FROM rate_limits WHERE key = ${ACCOUNT_KEY} AND window_start > ?2 - ?6), 0)`;

/**
 * The pair's free tries: 5, or 1 while the account's tries from *other* addresses reach 5 (it
 * is being guessed elsewhere): an address that failed for it is slowed at once.
 */
const PAIR_FREE = `CASE WHEN ${ACCOUNT_COUNT} - rate_limits.count >= ?3 THEN 1 ELSE ?3 END`;

/** Delay before the pair's try number count + 1, in SQL: base · 2^(count − free), capped. */
const DELAY = `min(?4 * (1 << min(max(rate_limits.count - ${PAIR_FREE}, 0), 20)), ?5)`;

/**
 * Takes one try for the pair, atomically: a single upsert whose WHERE decides, so parallel
 * requests queue in D1 and never get more tries than the limit. A pair seen for the first time
 * always takes its try. A refused try returns no row. ?1 identifier, ?2 now, ?3 free tries,
 * ?4 base delay, ?5 max delay, ?6 reset after, ?7 address.
 */
const TAKE_PAIR_TRY = `
INSERT INTO rate_limits (key, count, window_start) VALUES (${PAIR_KEY}, 1, ?2)
ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN rate_limits.window_start <= ?2 - ?6 THEN 1 ELSE rate_limits.count + 1 END,
  window_start = ?2
WHERE rate_limits.window_start <= ?2 - ?6
   OR rate_limits.count < ${PAIR_FREE}
   OR ?2 >= rate_limits.window_start + ${DELAY}
RETURNING key`;

/**
 * Counts the try for the account across addresses, only when the pair's upsert just took it
 * (`changes()` is that statement's: the batch runs its statements in order, on one connection).
 */
const COUNT_ACCOUNT_TRY = `
INSERT INTO rate_limits (key, count, window_start) SELECT ${ACCOUNT_KEY}, 1, ?2 WHERE changes() = 1
ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN rate_limits.window_start <= ?2 - ?6 THEN 1 ELSE rate_limits.count + 1 END,
  window_start = ?2
RETURNING key`;

/** The pair's row and its free tries now, for the wait time. */
const READ_PAIR = `SELECT count, window_start, ${PAIR_FREE} AS free FROM rate_limits WHERE key = ${PAIR_KEY}`;
const READ_KEY = "SELECT count, window_start FROM rate_limits WHERE key = ?1";

type Row = { count: number; window_start: number; free?: number };

/**
 * Reserves one password check for `identifier` from `address`, or says how long to wait.
 * One D1 round trip: the upserts, then the rows they leave, for the wait time.
 */
export async function reserveSignInTry(identifier: string, address: string, now = Date.now()): Promise<TryReservation> {
  const value = identifier.trim().toLowerCase();
  const limits = SIGN_IN_LIMITS;
  const addressKey = `signin:ip:${address}`;
  const pairParams = [
    value,
    now,
    limits.freeTries,
    limits.baseDelayMs,
    limits.maxDelayMs,
    limits.accountResetMs,
    address,
  ] as const;
  const { pair, account, fromAddress, pairRow, addressRow } = await batch({
    pair: textRows<{ key?: string }>(TAKE_PAIR_TRY, [...pairParams]),
    account: textRows<{ key?: string }>(COUNT_ACCOUNT_TRY, [
      value,
      now,
      limits.freeTries,
      null,
      null,
      limits.accountResetMs,
    ]),
    fromAddress: textRows(TAKE_WINDOW_TRY, [addressKey, now, limits.addressWindowMs, limits.addressCeiling]),
    pairRow: textRows<Row>(READ_PAIR, [...pairParams]),
    addressRow: textRows<Row>(READ_KEY, [addressKey]),
  });
  const pairKey = pair[0]?.key;
  const accountKey = account[0]?.key;
  if (pairKey && accountKey && fromAddress.length) return { allowed: true, accountKey, pairKey };

  let waitMs = 0;
  const pairState = pairRow[0];
  if (!pairKey && pairState) {
    const free = pairState.free ?? limits.freeTries;
    const delay = Math.min(limits.baseDelayMs * 2 ** Math.max(pairState.count - free, 0), limits.maxDelayMs);
    waitMs = Math.max(waitMs, pairState.window_start + delay - now);
  }
  const addressState = addressRow[0];
  if (!fromAddress.length && addressState) {
    waitMs = Math.max(waitMs, addressState.window_start + limits.addressWindowMs - now);
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * A successful sign-in: the account and this pair start over (other addresses' pairs keep their
 * back-off), and the address gets its try back.
 */
export async function settleSuccessfulTry(reservation: { accountKey: string; pairKey: string }, address: string) {
  await batch({
    settled: textRows("DELETE FROM rate_limits WHERE key IN (?1, ?2)", [reservation.accountKey, reservation.pairKey]),
    returned: textRows("UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?1", [`signin:ip:${address}`]),
  });
}

/** After a password reset the account may try again at once, from every address (SPEC §5). */
export async function clearSignInLimit(userId: number) {
  const key = `signin:user:${userId}`;
  await single(textRows("DELETE FROM rate_limits WHERE key = ?1 OR key LIKE ?2", [key, `${key}@%`]));
}
