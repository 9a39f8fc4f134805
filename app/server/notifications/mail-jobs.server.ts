import { sql } from "drizzle-orm";
import { MINUTE_MS, UNREAD_MAIL_DELAY_MINUTES } from "~/lib/durations";
import { DEFAULT_NOTIFICATION_SETTINGS, minutesOf } from "~/lib/forms/notification-settings";
import { isQuiet } from "~/lib/quiet-hours";
import { batch, sqlRows } from "~/server/db/batch.server";
import type { MailJob } from "~/server/mail/mail.server";
import type { JobContext } from "~/server/queue/consume.server";
import { enqueue } from "~/server/queue/queue.server";
import { recipientTextsByUser } from "~/server/translation/recipient-text.server";
import { activeUserText } from "~/server/users/active-user.server";
import { aboutContent, aboutPath, factsQuery, type MailAbout, quotedItem, waitingQuery } from "./mail-about.server";
import { holdMails, type RecipientRow, withUnsubscribeTokens } from "./mail-recipients.server";
import { kindMail, mailTranslator } from "./mail-render.server";
import { notificationOrigin } from "./origin.server";

/**
 * Email for what matters (issue 23 item 5, decision 169): a change that a person chose to hear
 * of "right away" becomes a mail in their language, sent off the request path through the JOBS
 * queue and the app's mail transport. Chat and inbox messages wait 15 minutes (a delayed
 * message) and go only if still unread then; during quiet hours a mail is held, and the cron
 * sends one summary per kind when they end. Digests (daily, weekly) are `digest-*.server.ts`.
 */
export type NoticeMailJob = {
  about: MailAbout;
  userIds: number[];
  origin: string;
  /** An urgent post (issue 23 item 6): mailed now to everyone whose kind is not off, through quiet hours. */
  urgent?: boolean;
};

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    noticeMail: NoticeMailJob;
  }
}

/** Chat and inbox messages are mailed only if still unread this long after they were sent. */
export const UNREAD_DELAY_SECONDS = (UNREAD_MAIL_DELAY_MINUTES * MINUTE_MS) / 1000;
/** Recipients per job: a large community's post becomes several jobs, each one D1 batch. */
export const MAIL_RECIPIENTS_PER_JOB = 200;

/**
 * After the response, durably: the mails this change may cause. `userIds` are those the area
 * tells of it (never the actor); each one's settings decide, when the job runs, whether a mail
 * goes. Ids, not texts: every recipient reads it in their own language. `key`: where the caller
 * may run twice for one change (a job delivered twice, the cron), its fixed key, so it mails once.
 */
export function mailLater(about: MailAbout, userIds: number[], key?: string, { urgent = false } = {}) {
  const to = [...new Set(userIds)];
  const delaySeconds = about.kind === "chat" || about.kind === "inbox" ? UNREAD_DELAY_SECONDS : undefined;
  for (let start = 0; start < to.length; start += MAIL_RECIPIENTS_PER_JOB) {
    const userIds = to.slice(start, start + MAIL_RECIPIENTS_PER_JOB);
    const part = key === undefined ? undefined : `${key}-mail${start / MAIL_RECIPIENTS_PER_JOB}`;
    const body = { about, userIds, origin: notificationOrigin(), ...(urgent ? { urgent } : {}) };
    enqueue("noticeMail", body, part, { delaySeconds });
  }
}

const EMAIL_DEFAULTS = DEFAULT_NOTIFICATION_SETTINGS.email;
const QUIET_START = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietStart);
const QUIET_END = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietEnd);

/** The users, active, with their choice for this kind, their quiet window and their unsubscribe token. */
function recipientsQuery(about: MailAbout, userIds: number[]) {
  const column = sql.raw(`s.${about.kind}_email`);
  return sqlRows<RecipientRow>(sql`
    SELECT u.id, u.name, u.email, u.locale, coalesce(u.time_zone, 'UTC') AS zone,
      coalesce(${column}, ${EMAIL_DEFAULTS[about.kind]}) AS mode, coalesce(s.quiet_start, ${QUIET_START}) AS start,
      coalesce(s.quiet_end, ${QUIET_END}) AS "end", s.unsubscribe_token AS token
    FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
    WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)})) AND ${sql.raw(activeUserText("u"))}`);
}

/**
 * The queue's handler: one D1 batch reads the recipients' choices, what the mail names and who
 * is still to be told; then each recipient's mail is rendered in their language and handed to
 * the `mail` job (its key made from this job's, so a job delivered twice mails once), or held
 * during their quiet hours. Answers how many mails were sent or held.
 */
export async function sendNoticeMails(
  { about, userIds, origin, urgent = false }: NoticeMailJob,
  job: JobContext,
  now = Date.now(),
) {
  const found = await batch({
    recipients: recipientsQuery(about, userIds),
    facts: factsQuery(about),
    waiting: waitingQuery(about, userIds),
  });
  const facts = found.facts[0];
  if (!facts) return 0;
  const waiting = new Map(found.waiting.map((row) => [row.userId, row]));
  // An urgent post, and a day-before reminder (a digest would bring it too late), go to everyone
  // who has not turned the kind off; the rest only to those who chose "right away".
  const timely = urgent || (about.kind === "events" && about.change === "reminder");
  const wanted = found.recipients.filter(
    (user) => (timely ? user.mode !== "off" : user.mode === "immediate") && waiting.has(user.id),
  );
  if (wanted.length === 0) return 0;
  const item = quotedItem(about);
  const texts = item
    ? await recipientTextsByUser(
        item,
        wanted.map((user) => user.id),
      )
    : null;
  if (item && !texts) return 0;
  const recipients = await withUnsubscribeTokens(wanted);
  const url = new URL(aboutPath(about), origin).href;
  const held: Parameters<typeof holdMails>[0] = [];
  for (const recipient of recipients) {
    const t = mailTranslator(recipient.locale);
    const content = aboutContent(about, facts, waiting.get(recipient.id)!, texts?.get(recipient.id) ?? null, t, url);
    const message = kindMail(recipient, about.kind, content, origin);
    const key = `${job.key}-${recipient.id}`;
    const mail: MailJob = { message, label: `${about.kind} mail to user ${recipient.id}` };
    if (!urgent && isQuiet(now, recipient.zone, recipient.start, recipient.end))
      held.push({ recipient, kind: about.kind, key, subject: content.subject, url, origin, mail });
    else enqueue("mail", mail, key);
  }
  if (held.length > 0) await holdMails(held);
  return recipients.length;
}
