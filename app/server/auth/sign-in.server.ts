import { findUser } from "~/server/users/users.server";
import { verifyPassword } from "./password.server";
import { reserveSignInTry, settleSuccessfulTry } from "./sign-in-limits.server";
import { issueTokens, type TokenPair } from "./tokens.server";

export type SignInResult =
  | { status: "signed_in"; userId: number; tokens: TokenPair }
  | { status: "invalid" }
  | { status: "not_activated"; email: string }
  | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * Email-or-username and password sign-in. Each password check is reserved first, per account
 * and address pair and per address, in one atomic statement (docs/decisions/034-sign-in-limits.md), so parallel
 * guesses never get more checks than the limit; the answer never says which part was wrong.
 */
export async function signInWithPassword(
  input: { identifier: string; password: string; address: string },
  now = Date.now(),
): Promise<SignInResult> {
  const reservation = await reserveSignInTry(input.identifier, input.address, now);
  if (!reservation.allowed) return { status: "rate_limited", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await findUser({ identifier: input.identifier });
  const passwordOk = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !passwordOk) return { status: "invalid" };
  if (user.activatedAt === null) return { status: "not_activated", email: user.email };

  await settleSuccessfulTry(reservation, input.address);
  return { status: "signed_in", userId: user.id, tokens: await issueTokens(user.id, now) };
}
