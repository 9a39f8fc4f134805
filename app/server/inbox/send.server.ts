import { type SQL, sql } from "drizzle-orm";
import {
  contactIdsSql,
  type MessageRefusal,
  mayMessageSql,
  messageRefusalSql,
  toRefusal,
} from "~/server/chat/permission.server";
import { sqlRows, sqlRun } from "~/server/db/batch.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import {
  insertNotificationsSql,
  type StoredNotification,
  storedNotificationsSql,
} from "~/server/notifications/notification-writes.server";
import { noticeText, publishAfterCommit } from "~/server/notifications/notifier.server";
import { notificationOrigin } from "~/server/notifications/origin.server";
import { detectLanguage } from "~/server/translation/detect.server";
import { activeUser } from "~/server/users/active-user.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { holdsCopySql } from "./access.server";
import { discardFiles, type StoredFile } from "./attachments.server";

export type SendInput = {
  /** The sender and their token's version: a revoked token (decision 042) sends nothing. */
  sender: Actor;
  /** Usernames or names, as typed (splitRecipients). */
  to: string[];
  subject: string;
  body: string;
  replyToId?: number | null;
  clientKey: string;
  /** Already in R2 (storeFiles); removed again when the send is refused or repeated. */
  files?: StoredFile[];
};

export type RecipientProblem = {
  who: string;
  problem: "unknown" | "ambiguous" | "not_allowed" | "self";
  /** Why the messaging rule refused them (decision 175), with `not_allowed`. */
  reason?: MessageRefusal;
};

export type SendResult =
  | { status: "sent"; id: number; created: boolean }
  | { status: "recipients"; problems: RecipientProblem[] }
  | { status: "not_found" };

type ResolutionRow = { who: string; user_id: number | null; same_name: number; reason: string | null };

/**
 * Who each typed recipient is: a username (case-insensitive), else a name only one of the
 * sender's contacts has (the people they may write to, whom the "To" field suggests), else a
 * name only one available person has. SQL, so the check and the write share one batch
 * (decision 063). `same_name`: how many people the name could mean, among the contacts when
 * any has it.
 */
function resolvedCte(me: number, to: string[]): SQL {
  const u = activeUser("u");
  const named = (scope: SQL) => sql`FROM users u WHERE ${u} AND lower(u.name) = lower(w.who) ${scope}`;
  const contacts = sql`AND u.id IN ${contactIdsSql(me)}`;
  return sql`WITH wanted(who) AS (SELECT DISTINCT value FROM json_each(${JSON.stringify(to)})),
    counted AS (SELECT w.who, (SELECT count(*) ${named(contacts)}) AS contacts, (SELECT count(*) ${named(sql``)}) AS everyone
      FROM wanted w),
    resolved AS (SELECT w.who, coalesce(
      (SELECT u.id FROM users u WHERE ${u} AND lower(u.username) = lower(w.who)),
      CASE WHEN w.contacts = 1 THEN (SELECT u.id ${named(contacts)}) END,
      CASE WHEN w.contacts = 0 AND w.everyone = 1 THEN (SELECT u.id ${named(sql``)}) END) AS user_id,
      CASE WHEN w.contacts > 0 THEN w.contacts ELSE w.everyone END AS same_name
      FROM counted w)`;
}

/**
 * Sends a message to one or more people the sender may write to (the chat rule: friends or a
 * shared community, decision 050), optionally answering a message the sender holds a copy of.
 * One D1 batch: the message, its recipients, its attachments and each recipient's
 * notification commit together or not at all; then the notifications go out live.
 * The same clientKey again answers the stored message and sends nothing twice.
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  const me = input.sender.id;
  const sendId = crypto.randomUUID();
  const now = Date.now();
  const replyTo = input.replyToId ?? null;
  const files = input.files ?? [];
  const cte = resolvedCte(me, input.to);
  const everyoneAllowed = sql`NOT EXISTS (SELECT 1 FROM resolved r WHERE r.user_id IS NULL OR r.user_id = ${me}
    OR NOT ${mayMessageSql(me, sql`r.user_id`)})`;
  const replyAllowed =
    replyTo === null
      ? sql`1`
      : sql`EXISTS (SELECT 1 FROM mail_messages o WHERE o.id = ${replyTo} AND ${holdsCopySql(me, "o")})`;
  const thread =
    replyTo === null
      ? sql`NULL`
      : sql`(SELECT coalesce(o.thread_id, o.id) FROM mail_messages o WHERE o.id = ${replyTo})`;
  const mine = sql`m.sender_id = ${me} AND m.client_key = ${input.clientKey}`;
  const createdHere = sql`${mine} AND m.send_id = ${sendId}`;
  const oidPrefix = `mail-${sendId}-`;
  const recipientRows = sql`SELECT ${oidPrefix} || r.user_id AS oid, r.user_id,
      ${new URL("/messagesold/", notificationOrigin()).href} || m.id AS url
    FROM mail_messages m JOIN mail_recipients r ON r.message_id = m.id WHERE ${createdHere}`;

  const statements = {
    resolution: sqlRows<ResolutionRow>(sql`${cte} SELECT r.who, r.user_id, r.same_name,
        CASE WHEN r.user_id IS NULL THEN NULL ELSE ${messageRefusalSql(me, sql`r.user_id`)} END AS reason
      FROM resolved r`),
    message:
      sqlRun(sql`${cte} INSERT INTO mail_messages (sender_id, subject, body, lang, reply_to_id, thread_id, client_key, send_id, created_at)
      SELECT ${me}, ${input.subject}, ${input.body}, ${await detectLanguage(input.body)}, ${replyTo}, ${thread}, ${input.clientKey}, ${sendId}, ${now}
      WHERE ${everyoneAllowed} AND ${replyAllowed}
        AND ${tokenIsCurrent(input.sender.id, input.sender.tokenVersion)}
      ON CONFLICT (sender_id, client_key) DO NOTHING`),
    recipients: sqlRun(sql`${cte} INSERT OR IGNORE INTO mail_recipients (message_id, user_id)
      SELECT DISTINCT m.id, r.user_id FROM mail_messages m JOIN resolved r WHERE ${createdHere}`),
    notifications: sqlRun(
      insertNotificationsSql(recipientRows, {
        // The sender's name as stored now (the caller may only know an id): put in by SQL.
        title: sql`replace(${noticeText("inbox:notification", { name: sendId, subject: input.subject })}, ${sendId},
        (SELECT name FROM users WHERE id = ${me}))`,
        createdAt: now,
      }),
    ),
    stored: sqlRows<{ id: number; created: number }>(
      sql`SELECT m.id, m.send_id = ${sendId} AS created FROM mail_messages m WHERE ${mine}`,
    ),
    storedNotifications: sqlRows<StoredNotification>(
      storedNotificationsSql(sql`SELECT s.oid FROM (${recipientRows}) s`),
    ),
    attachments: sqlRun(
      files.length > 0
        ? sql`INSERT INTO attachments (message_id, key, filename, content_type, size, created_at)
      SELECT m.id, json_extract(f.value, '$.key'), json_extract(f.value, '$.filename'),
        json_extract(f.value, '$.contentType'), json_extract(f.value, '$.size'), ${now}
      FROM mail_messages m, json_each(${JSON.stringify(files)}) f WHERE ${createdHere} ORDER BY f.key`
        : sql`SELECT 1 WHERE 0`,
    ),
  };
  // Revocation (decision 042): the check rides in the batch; the message insert is guarded by
  // it, and everything else is written only for the message this batch created.
  const results = await batchAs(input.sender, statements).catch((error: unknown) => {
    // A revoked token (decision 042): stored before the check, nothing keeps them.
    discardFiles(files.map((file) => file.key));
    throw error;
  });
  const { resolution } = results;
  const [stored] = results.stored;
  const created = Boolean(stored?.created);
  if (!created) discardFiles(files.map((file) => file.key));
  if (stored) {
    if (created) {
      publishAfterCommit(results.storedNotifications);
      // Email to those who chose it, if still unread in 15 minutes (decision 169).
      mailLater(
        { kind: "inbox", messageId: stored.id, senderId: me },
        results.storedNotifications.map((row) => row.userId),
      );
    }
    return { status: "sent", id: stored.id, created };
  }
  const problems = recipientProblems(me, resolution);
  return problems.length > 0 ? { status: "recipients", problems } : { status: "not_found" };
}

function recipientProblems(me: number, rows: ResolutionRow[]): RecipientProblem[] {
  return rows.flatMap((row): RecipientProblem[] => {
    if (row.user_id === null) return [{ who: row.who, problem: row.same_name > 1 ? "ambiguous" : "unknown" }];
    if (row.user_id === me) return [{ who: row.who, problem: "self" }];
    if (row.reason !== null) return [{ who: row.who, problem: "not_allowed", reason: toRefusal(row.reason) }];
    return [];
  });
}
