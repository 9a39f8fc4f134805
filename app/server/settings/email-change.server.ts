import { and, eq, isNull, sql } from "drizzle-orm";
import { EMAIL_CHANGE_LINK_HOURS, HOUR_MS } from "~/lib/durations";
import type { EmailSettingsInput } from "~/lib/forms/settings-email";
import type { Translate } from "~/lib/translate";
import { randomToken, sha256Hex } from "~/server/auth/crypto.server";
import { retireEmailTokensQuery } from "~/server/auth/email-tokens.server";
import { checkRateLimit, recordAttempt } from "~/server/auth/rate-limit.server";
import { batch, single, sqlRun } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { sendMailLater } from "~/server/mail/mail.server";
import { type MailBlock, renderMail } from "~/server/mail/template";
import { type Actor, currentTokenQuery, requireCurrentToken, tokenIsCurrent } from "../users/session-user.server";
import { getUserById, isEmailTaken } from "../users/users.server";
import { type CurrentPasswordCheck, confirmCurrentPassword } from "./current-password.server";
import { isUniqueViolation } from "./settings.server";

/** A confirmation link works for `EMAIL_CHANGE_LINK_HOURS`, once. */
export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_LINK_HOURS * HOUR_MS;
export const VERIFY_EMAIL_PATH = "/profile/verifyemail";

export type EmailChangeRequest =
  | { status: "sent"; email: string }
  /** The token was revoked (decision 042): no link was made or mailed. */
  | { status: "same_email" }
  | { status: "email_taken" }
  | { status: "current_required" }
  | Exclude<CurrentPasswordCheck, { status: "ok" }>;

const mailKey = (userId: number) => `mail:verify:${userId}`;

/**
 * Step one of an email change: mails a single-use link to the NEW address. Nothing changes
 * until that link is opened, so a typo cannot lock anyone out of their account. Asking again
 * replaces the previous link. Accounts without a password (Google, Apple) skip the password.
 */
export async function requestEmailChange(
  actor: Actor,
  input: EmailSettingsInput,
  context: { origin: string; t: Translate },
  now = Date.now(),
): Promise<EmailChangeRequest> {
  const userId = actor.id;
  const user = await getUserById(userId);
  if (!user) throw new Error(`requestEmailChange: user ${userId} does not exist`);
  if (input.email === user.email.toLowerCase()) return { status: "same_email" };
  const check = await confirmCurrentPassword(user, input.currentPassword, now);
  if (check.status !== "ok") return check;
  if (await isEmailTaken(input.email, userId)) return { status: "email_taken" };
  // Confirmation mails count like activation and reset mails (decision 019: 5 in 15 minutes).
  const limit = await checkRateLimit([mailKey(userId)], now);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  const token = randomToken();
  // Revocation (decision 042): checked in the batch, and guarding both writes.
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const { still } = await batch({
    still: currentTokenQuery(actor.id, actor.tokenVersion),
    retired: retireEmailTokensQuery(userId, "verify", now, current),
    token: sqlRun(sql`INSERT INTO email_tokens (purpose, hash, user_id, email, expires_at, created_at)
      SELECT 'verify', ${await sha256Hex(token)}, ${userId}, ${input.email}, ${now + EMAIL_CHANGE_TTL_MS}, ${now}
      WHERE ${current}`),
  });
  requireCurrentToken(still);
  await recordAttempt([mailKey(userId)], now);

  const url = `${context.origin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  const { t } = context;
  mailAbout(input.email, t("settings:mail.verify.subject"), `email change for user ${userId}: confirmation`, [
    t("settings:mail.verify.greeting", { name: user.name }),
    t("settings:mail.verify.body"),
    { link: { label: t("settings:mail.verify.action"), url } },
    t("settings:mail.verify.notYou"),
  ]);
  return { status: "sent", email: input.email };
}

/** One mail of the email change, after the response (decision 069). */
function mailAbout(to: string, subject: string, label: string, blocks: MailBlock[]) {
  sendMailLater({ to, subject, ...renderMail(blocks) }, label);
}

export type EmailChangeConfirmation =
  | { status: "changed"; userId: number; email: string }
  | { status: "invalid" }
  | { status: "expired" }
  | { status: "used" }
  | { status: "email_taken" };

/**
 * Step two: the link from the mail. The token is claimed before the address changes, so it
 * works exactly once even if it is opened twice at the same moment. The old address gets a
 * short notice, so a change nobody asked for does not go unnoticed.
 */
export async function confirmEmailChange(
  token: string,
  context: { origin: string; t: Translate },
  now = Date.now(),
): Promise<EmailChangeConfirmation> {
  const db = getDb();
  const hash = await sha256Hex(token);
  const [row] = await single(
    db
      .select()
      .from(schema.emailTokens)
      .where(and(eq(schema.emailTokens.hash, hash), eq(schema.emailTokens.purpose, "verify")))
      .limit(1),
  );
  if (!row?.email) return { status: "invalid" };
  if (row.usedAt !== null) return { status: "used" };
  if (row.expiresAt <= now) return { status: "expired" };

  const claimed = await single(
    db
      .update(schema.emailTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.emailTokens.id, row.id), isNull(schema.emailTokens.usedAt)))
      .returning({ id: schema.emailTokens.id }),
  );
  if (claimed.length === 0) return { status: "used" };

  const user = await getUserById(row.userId);
  if (!user) return { status: "invalid" };
  if (await isEmailTaken(row.email, user.id)) return { status: "email_taken" };
  try {
    await single(
      db.update(schema.users).set({ email: row.email, emailVerifiedAt: now }).where(eq(schema.users.id, user.id)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "email_taken" };
    throw error;
  }

  const { t } = context;
  // The change itself succeeded; a lost notice must not undo or hide it.
  mailAbout(user.email, t("settings:mail.changed.subject"), `email change for user ${user.id}: old address`, [
    t("settings:mail.changed.greeting", { name: user.name }),
    t("settings:mail.changed.body", { email: row.email }),
    t("settings:mail.changed.notYou"),
    { link: { label: t("settings:mail.changed.contact"), url: `${context.origin}/about/contact` } },
  ]);
  return { status: "changed", userId: user.id, email: row.email };
}
