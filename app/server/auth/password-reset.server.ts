import { eq, sql } from "drizzle-orm";
import { passwordRepeatsIdentity } from "~/lib/forms/account";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { closeUserSockets } from "~/server/realtime/realtime.server";
import { getUserById } from "~/server/users/users.server";
import { checkEmailToken, consumeEmailToken, retireEmailTokens } from "./email-tokens.server";
import { type LinkMailRequest, type MailContext, mailLinkOnRequest } from "./link-mails.server";
import { hashPassword } from "./password.server";
import { clearSignInLimit } from "./sign-in-limits.server";
import { revokeAllSessions } from "./tokens.server";

/**
 * Step 1: mails a reset link if the address has an account. The answer is the same either
 * way, so nobody learns who has an account (decision 019).
 */
export async function requestPasswordReset(
  input: { email: string; address: string },
  mail: MailContext,
  now = Date.now(),
): Promise<LinkMailRequest> {
  return mailLinkOnRequest("reset", input, mail, () => true, now);
}

/** Whether a reset link still works, to show its form or say why not. */
export async function checkResetLink(token: string, now = Date.now()) {
  return (await checkEmailToken("reset", token, now)).status;
}

export type PasswordResetResult =
  | { status: "reset"; userId: number }
  | { status: "expired" | "used" | "invalid" }
  | { status: "weak_password"; error: string };

/**
 * Step 2: sets the new password from a mailed link, once. Every existing sign-in ends, as at
 * logout: refresh tokens revoked, access tokens refused, sockets closed (a reset is what
 * someone does when they fear another person has their password), and the
 * failed-sign-in limits of the account are lifted so the owner can sign in at once.
 */
export async function resetPassword(
  input: { token: string; password: string },
  now = Date.now(),
): Promise<PasswordResetResult> {
  const link = await checkEmailToken("reset", input.token, now);
  if (link.status !== "valid") return link;
  const user = await getUserById(link.userId);
  if (!user) return { status: "invalid" };
  const repeated = passwordRepeatsIdentity(input.password, user);
  if (repeated) return { status: "weak_password", error: repeated };

  const used = await consumeEmailToken("reset", input.token, now);
  if (used.status !== "valid") return used;

  await single(
    getDb()
      .update(schema.users)
      .set({
        passwordHash: await hashPassword(input.password),
        // Access tokens already issued are refused from now on (issue 22 item 1, decision 112).
        tokenVersion: sql`${schema.users.tokenVersion} + 1`,
        // The link reached the mailbox: that proves the address, and opens an account that was
        // never activated (its activation mail may be what got lost).
        activatedAt: sql`coalesce(${schema.users.activatedAt}, ${now})`,
        emailVerifiedAt: sql`coalesce(${schema.users.emailVerifiedAt}, ${now})`,
      })
      .where(eq(schema.users.id, user.id)),
  );
  await retireEmailTokens(user.id, "reset", now);
  await revokeAllSessions(user.id, {}, now);
  await closeUserSockets(user.id);
  await clearSignInLimit(user.id);
  return { status: "reset", userId: user.id };
}
