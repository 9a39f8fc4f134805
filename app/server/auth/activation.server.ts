import { and, eq, isNull, sql } from "drizzle-orm";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { consumeEmailToken, retireEmailTokens } from "./email-tokens.server";
import { type LinkMailRequest, type MailContext, mailLinkOnRequest } from "./link-mails.server";

export type ActivationResult = { status: "activated"; userId: number } | { status: "expired" | "used" | "invalid" };

/**
 * Opens an account from its mailed link, once (decision 019). Opening the link proves the address,
 * so the email counts as verified too. The account is not signed in: the person signs in
 * with their password next (docs/decisions: registration and recovery).
 */
export async function activateAccount(token: string, now = Date.now()): Promise<ActivationResult> {
  const check = await consumeEmailToken("activate", token, now);
  if (check.status !== "valid") return check;
  const [user] = await single(
    getDb()
      .update(schema.users)
      .set({
        activatedAt: sql`coalesce(${schema.users.activatedAt}, ${now})`,
        emailVerifiedAt: sql`coalesce(${schema.users.emailVerifiedAt}, ${now})`,
      })
      .where(and(eq(schema.users.id, check.userId), isNull(schema.users.deletedAt)))
      .returning({ id: schema.users.id }),
  );
  if (!user) return { status: "invalid" };
  // Older activation mails of this account have nothing left to do.
  await retireEmailTokens(user.id, "activate", now);
  return { status: "activated", userId: user.id };
}

/**
 * "Send the activation email again". The answer is the same whether the address has an
 * account waiting, an active account or none at all, so it reveals nothing (decision 019).
 */
export async function requestActivationMail(
  input: { email: string; address: string },
  mail: MailContext,
  now = Date.now(),
): Promise<LinkMailRequest> {
  return mailLinkOnRequest("activate", input, mail, (user) => user.activatedAt === null, now);
}
