import { and, isNull, or, sql } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { verifyPassword } from "./password.server";
import { checkRateLimit, clearRateLimit, recordAttempt } from "./rate-limit.server";
import { issueTokens, type TokenPair } from "./tokens.server";

export type SignInResult =
  | { status: "signed_in"; userId: number; tokens: TokenPair }
  | { status: "invalid" }
  | { status: "not_activated"; email: string }
  | { status: "rate_limited"; retryAfterSeconds: number };

const accountKey = (identifier: string) => `signin:account:${identifier.trim().toLowerCase()}`;
const addressKey = (address: string) => `signin:ip:${address}`;

/** Finds an account by email or username, case-insensitively. Deleted accounts are gone. */
export async function findUserByIdentifier(identifier: string) {
  const value = identifier.trim().toLowerCase();
  return getDb().query.users.findFirst({
    where: and(
      or(sql`lower(${schema.users.email}) = ${value}`, sql`lower(${schema.users.username}) = ${value}`),
      isNull(schema.users.deletedAt),
    ),
  });
}

/**
 * Email-or-username and password sign-in. Failures count per account and per address
 * (decision 019: 5 in 15 minutes); the answer never says which part was wrong.
 */
export async function signInWithPassword(
  input: { identifier: string; password: string; address: string },
  now = Date.now(),
): Promise<SignInResult> {
  const keys = [accountKey(input.identifier), addressKey(input.address)];
  const limit = await checkRateLimit(keys, now);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  const user = await findUserByIdentifier(input.identifier);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !passwordOk) {
    await recordAttempt(keys, now);
    return { status: "invalid" };
  }
  if (user.activatedAt === null) return { status: "not_activated", email: user.email };

  await clearRateLimit(accountKey(input.identifier));
  return { status: "signed_in", userId: user.id, tokens: await issueTokens(user.id, now) };
}
