import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { MailDeliveryError } from "~/server/mail/http.server";
import { getMailTransport, type MailTransport } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/template";
import { type JobContext, once } from "~/server/queue/consume.server";
import { invitationToMail, type RosterInviteJob } from "./roster.server";
import { secretHash } from "./secrets.server";
import { textsIn } from "./texts.server";

/** The link of an e-mailed invitation (`/join/email/{token}`). */
export function rosterLink(origin: string, token: string) {
  return `${origin}/join/email/${token}`;
}

/**
 * A provider's answer that says the address itself is refused (4xx, but not "slow down" or a
 * timeout): retrying cannot help, and the manager should see "bounced".
 */
function isBounce(error: unknown) {
  if (!(error instanceof MailDeliveryError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The `rosterInvite` job: mails one invitation, in its sender's language, through the app's mail
 * transport, then marks the row "sent" (or "bounced" when the transport refuses the address).
 * A row resent since (another link), taken up or expired is skipped; the mail goes once per job
 * however often the queue delivers it (`once`). Any other failure throws: the queue retries.
 */
export async function deliverRosterInvitation(
  { invitationId, token, origin }: RosterInviteJob,
  job: JobContext,
  transport: MailTransport = getMailTransport(),
  now = Date.now(),
) {
  const hash = await secretHash(token);
  const { row } = await batch({ row: invitationToMail(invitationId, hash, now) });
  const invitation = row[0];
  if (!invitation) return;
  const lang = invitation.locale ?? "en";
  const t = textsIn(lang);
  const values = { inviter: invitation.inviter ?? "SchoolHub", name: invitation.community };
  const body = renderMail(
    [
      invitation.name ? t("mail.greeting", { name: invitation.name }) : t("mail.hello"),
      t("mail.body", values),
      ...(invitation.student ? [t("mail.student", { student: invitation.student })] : []),
      { link: { label: t("mail.link", values), url: rosterLink(origin, token) } },
      t("mail.expiry"),
      t("mail.notYou"),
    ],
    lang,
  );
  let bounced = false;
  await once(job.key, async () => {
    try {
      await transport.send({ to: invitation.email, subject: t("mail.subject", values), ...body });
    } catch (error) {
      if (!isBounce(error)) throw new Error(`roster invitation ${invitationId}: mail failed`, { cause: error });
      bounced = true;
    }
  });
  await batch({
    marked: sqlRows(sql`UPDATE roster_invitations SET state = ${bounced ? "bounced" : "sent"}, sent_at = ${now}
      WHERE id = ${invitationId} AND token_hash = ${hash} AND state = 'queued'`),
  });
}
