import { verifyPassword } from "~/server/auth/password.server";
import { checkRateLimit, clearRateLimit, recordAttempt } from "~/server/auth/rate-limit.server";

export type CurrentPasswordCheck =
  | { status: "ok" }
  | { status: "wrong" }
  | { status: "rate_limited"; retryAfterSeconds: number };

const settingsKey = (userId: number) => `settings:password:${userId}`;

/**
 * Settings that need the current password (email, password, deletion) share one limit per
 * account, as sign-in does (decision 019: 5 failures in 15 minutes), so a borrowed session cannot
 * be used to guess the password.
 */
export async function checkCurrentPassword(
  userId: number,
  passwordHash: string | null,
  password: string,
  now = Date.now(),
): Promise<CurrentPasswordCheck> {
  const keys = [settingsKey(userId)];
  const limit = await checkRateLimit(keys, now);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (await verifyPassword(password, passwordHash)) {
    await clearRateLimit(settingsKey(userId));
    return { status: "ok" };
  }
  await recordAttempt(keys, now);
  return { status: "wrong" };
}

/**
 * The current-password step of a sensitive setting: an account with a password must give it
 * (and the shared limit above applies); an account without one (Google, Apple) needs none.
 */
export async function confirmCurrentPassword(
  user: { id: number; passwordHash: string | null },
  given: string,
  now = Date.now(),
): Promise<CurrentPasswordCheck | { status: "current_required" }> {
  if (user.passwordHash === null) return { status: "ok" };
  if (!given) return { status: "current_required" };
  return checkCurrentPassword(user.id, user.passwordHash, given, now);
}
