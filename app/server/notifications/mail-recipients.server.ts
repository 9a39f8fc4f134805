import { sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS, minutesOf } from "~/lib/forms/notification-settings";
import { EMAIL_KINDS, type EmailKind } from "~/lib/notification-kinds";
import { isQuiet } from "~/lib/quiet-hours";
import { batch, single, sqlRows } from "~/server/db/batch.server";
import type { MailJob } from "~/server/mail/mail.server";
import { enqueue } from "~/server/queue/queue.server";
import { activeUserText } from "~/server/users/active-user.server";
import { kindMail, type MailRecipient, mailTranslator } from "./mail-render.server";
import { newUnsubscribeToken } from "./preferences.server";

/**
 * The recipients' side of notification email (decision 169): the unsubscribe token every mail
 * needs (made with the settings row on the first mail), and mails held during quiet hours until
 * the hourly cron sends them, one summary per kind, once those hours are over.
 */
export type RecipientRow = Omit<MailRecipient, "token"> & {
  token: string | null;
  zone: string;
  mode: string;
  start: number;
  end: number;
};

/**
 * Everyone gets a token: a settings row with the defaults and a fresh token is written for those
 * without one (a row already there keeps its own), then all tokens are read; one batch, only
 * when someone lacks one.
 */
export async function withUnsubscribeTokens<Row extends RecipientRow>(
  rows: Row[],
): Promise<(Row & { token: string })[]> {
  const missing = rows.filter((row) => !row.token);
  if (missing.length === 0) return rows as (Row & { token: string })[];
  const fresh = JSON.stringify(missing.map((row) => ({ id: row.id, token: newUnsubscribeToken() })));
  const { tokens } = await batch({
    insert: sqlRows(sql`INSERT INTO notification_settings (user_id, unsubscribe_token)
      SELECT json_extract(value, '$.id'), json_extract(value, '$.token') FROM json_each(${fresh}) WHERE 1
      ON CONFLICT (user_id) DO NOTHING`),
    tokens: sqlRows<{ userId: number; token: string }>(sql`SELECT user_id AS userId, unsubscribe_token AS token
      FROM notification_settings WHERE user_id IN (SELECT json_extract(value, '$.id') FROM json_each(${fresh}))`),
  });
  const byUser = new Map(tokens.map((row) => [row.userId, row.token]));
  return rows.map((row) => ({ ...row, token: row.token ?? byUser.get(row.id) ?? "" })).filter((row) => row.token);
}

/** A held mail: the mail itself, and the line and link a summary lists it by. */
export type HeldMail = {
  recipient: MailRecipient;
  kind: EmailKind;
  /** The mail job's key: a job delivered twice holds its mail once. */
  key: string;
  subject: string;
  url: string;
  origin: string;
  mail: MailJob;
};

export async function holdMails(mails: HeldMail[]) {
  const rows = JSON.stringify(mails.map((mail) => ({ userId: mail.recipient.id, kind: mail.kind, payload: mail })));
  await single(
    sqlRows(sql`INSERT INTO held_mails (user_id, kind, payload)
      SELECT json_extract(value, '$.userId'), json_extract(value, '$.kind'), json_extract(value, '$.payload')
      FROM json_each(${rows}) j
      WHERE NOT EXISTS (SELECT 1 FROM held_mails h WHERE h.user_id = json_extract(j.value, '$.userId')
        AND json_extract(h.payload, '$.key') = json_extract(j.value, '$.payload.key'))`),
  );
}

const DEFAULT_START = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietStart);
const DEFAULT_END = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietEnd);

/**
 * The Cron Trigger's part: for everyone whose quiet hours are over, their held mails, taken in
 * one `DELETE … RETURNING` (an overlapping run gets none of them twice): a kind with one mail
 * gets it as it was, a kind with more gets one summary listing each, linked. Answers how many
 * mails were handed to the queue.
 */
export async function sendHeldMails(now = Date.now()) {
  const { waiting } = await batch({
    waiting: sqlRows<{ userId: number; zone: string; start: number; end: number; off: string; gone: number }>(sql`
      SELECT u.id AS userId, coalesce(u.time_zone, 'UTC') AS zone, NOT ${sql.raw(activeUserText("u"))} AS gone,
        coalesce(s.quiet_start, ${DEFAULT_START}) AS start, coalesce(s.quiet_end, ${DEFAULT_END}) AS "end",
        ${sql.raw(
          EMAIL_KINDS.map((kind) => `coalesce(CASE WHEN s.${kind}_email = 'off' THEN '${kind},' END, '')`).join(" || "),
        )} AS off
      FROM (SELECT DISTINCT user_id FROM held_mails) h JOIN users u ON u.id = h.user_id
      LEFT JOIN notification_settings s ON s.user_id = u.id`),
  });
  // A kind turned off during the night (one click in an earlier mail) sends nothing held for it.
  const turnedOff = new Map(waiting.map((user) => [user.userId, (user.off ?? "").split(",")]));
  // A deleted account's held mails are dropped, never sent.
  const gone = new Set(waiting.filter((user) => user.gone).map((user) => user.userId));
  const due = waiting
    .filter((user) => gone.has(user.userId) || !isQuiet(now, user.zone, user.start, user.end))
    .map((user) => user.userId);
  if (due.length === 0) return 0;
  const taken = await single(
    sqlRows<{ id: number; userId: number; kind: string; payload: string }>(sql`
      DELETE FROM held_mails WHERE user_id IN (SELECT value FROM json_each(${JSON.stringify(due)}))
      RETURNING id, user_id AS userId, kind, payload`),
  );
  const groups = new Map<string, { id: number; held: HeldMail }[]>();
  for (const row of taken.sort((a, b) => a.id - b.id)) {
    if (gone.has(row.userId) || turnedOff.get(row.userId)?.includes(row.kind)) continue;
    const group = `${row.userId}:${row.kind}`;
    groups.set(group, [...(groups.get(group) ?? []), { id: row.id, held: JSON.parse(row.payload) }]);
  }
  for (const rows of groups.values()) {
    const first = rows[0]!;
    if (rows.length === 1) enqueue("mail", first.held.mail, `held-mail-${first.id}`);
    else enqueue("mail", summaryMail(rows.map((row) => row.held)), `held-summary-${first.id}`);
  }
  return groups.size;
}

/** Several held mails of one kind as one: what came in while it was quiet, each linked. */
function summaryMail(held: HeldMail[]): MailJob {
  const { recipient, kind, origin } = held[0]!;
  const t = mailTranslator(recipient.locale);
  const kindName = t(`notifications:mail.kindNames.${kind}`);
  const message = kindMail(
    recipient,
    kind,
    {
      subject: t("notifications:mail.summary.subject", { count: held.length, kind: kindName }),
      blocks: [
        t("notifications:mail.summary.lead", { count: held.length }),
        ...held.map((mail) => ({ link: { label: mail.subject, url: mail.url } })),
      ],
    },
    origin,
  );
  return { message, label: `quiet-hours ${kind} summary to user ${recipient.id}` };
}
