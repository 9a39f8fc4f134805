import { sql } from "drizzle-orm";
import { batch, type Query, type Results, sqlRows, sqlRun } from "~/server/db/batch.server";
import {
  cachedTranslationsQuery,
  type TranslationResult,
  translateItem,
} from "~/server/translation/translations.server";
import { type Actor, batchAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { holdsCopySql, threadIdsSql } from "./access.server";
import { discardFiles } from "./attachments.server";
import { type MailPerson, type MessagePeopleColumns, messagePeople, messagePeopleSql } from "./people.server";

/** A thread shows at most this many messages, oldest first. */
export const THREAD_MAX = 100;

export type MailAttachment = { id: number; filename: string; contentType: string; size: number };

export type MailMessage = {
  id: number;
  subject: string;
  body: string;
  /** The body's language, detected when it was sent (decision 150). */
  lang: string | null;
  createdAt: number;
  replyToId: number | null;
  from: MailPerson;
  to: MailPerson[];
  /** The viewer sent it. */
  own: boolean;
  /** The viewer received it and had not opened it before this read. */
  unread: boolean;
  attachments: MailAttachment[];
};

export type MailThread = {
  id: number;
  subject: string;
  messages: MailMessage[];
  /** The message asked for in the reader's language (`translate`, decision 150). */
  translation: (TranslationResult & { messageId: number }) | null;
};

type Row = MessagePeopleColumns & {
  id: number;
  subject: string;
  body: string;
  lang: string | null;
  text_version: number;
  created_at: number;
  reply_to_id: number | null;
  read_at: number | null;
  received: number;
  files: string | null;
};

/**
 * /messagesold/{id}: the thread message {id} belongs to, as far as the viewer holds copies, and
 * opening it marks the viewer's copies read (same batch, one round trip). Null (404) when the
 * viewer holds no copy of {id}: never sent to them, or deleted by them.
 */
export async function loadThread(
  viewer: Actor,
  messageId: number,
  translate: { messageId: number; locale: string } | null = null,
) {
  const viewerId = viewer.id;
  const ids = threadIdsSql(viewerId, messageId);
  const { rows, cached } = await batch({
    // A message of the thread in the reader's language, when asked (decision 150): its cache.
    cached: cachedTranslationsQuery("mail", translate ? [translate.messageId] : [], translate?.locale ?? "en"),
    rows: sqlRows<Row>(
      sql`SELECT m.id, m.subject, m.body, m.lang, m.text_version, m.created_at, m.reply_to_id, ${messagePeopleSql()},
        me.read_at, me.user_id IS NOT NULL AS received,
        (SELECT json_group_array(json_object('id', a.id, 'filename', a.filename, 'contentType', a.content_type,
          'size', a.size)) FROM attachments a WHERE a.message_id = m.id) AS files
      FROM mail_messages m LEFT JOIN users su ON su.id = m.sender_id
        LEFT JOIN mail_recipients me ON me.message_id = m.id AND me.user_id = ${viewerId}
      WHERE m.id IN (${ids})
      ORDER BY m.created_at, m.id LIMIT ${THREAD_MAX}`,
    ),
    // A revoked token (decision 042) marks nothing (and the auth middleware refuses the read).
    markRead: sqlRun(sql`UPDATE mail_recipients SET read_at = ${Date.now()}
      WHERE user_id = ${viewerId} AND read_at IS NULL AND deleted_at IS NULL AND message_id IN (${ids})
        AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}`),
  });
  const opened = rows.find((row) => row.id === messageId);
  if (!opened) return null;
  const messages = rows.map((row) => toMessage(viewerId, row));
  // Only a message of this thread the viewer holds: the rows above are exactly those.
  const asked = translate ? rows.find((row) => row.id === translate.messageId) : undefined;
  const translation =
    translate && asked
      ? {
          messageId: asked.id,
          ...(await translateItem(
            { kind: "mail", id: asked.id, version: asked.text_version, text: asked.body, lang: asked.lang },
            translate.locale,
            cached,
          )),
        }
      : null;
  return { id: messageId, subject: opened.subject, messages, translation } satisfies MailThread;
}

function toMessage(viewerId: number, row: Row): MailMessage {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    lang: row.lang,
    createdAt: row.created_at,
    replyToId: row.reply_to_id,
    ...messagePeople(row),
    own: row.sender_id === viewerId,
    unread: Boolean(row.received) && row.read_at === null,
    attachments: (JSON.parse(row.files ?? "[]") as (MailAttachment | { id: null })[]).filter(
      (file): file is MailAttachment => file.id !== null,
    ),
  };
}

/**
 * "Mark unread": the viewer's received copy of {id} becomes unread again. False when there is
 * none; a revoked session (nothing changed) for a revoked token (decision 042).
 */
export async function markUnread(viewer: Actor, messageId: number): Promise<boolean> {
  const changed = await writeAs(
    viewer,
    sql`UPDATE mail_recipients SET read_at = NULL
      WHERE message_id = ${messageId} AND user_id = ${viewer.id} AND deleted_at IS NULL
        AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}
      RETURNING message_id`,
  );
  return changed.length > 0;
}

/**
 * Delete for oneself (decision 063): the viewer's copy goes (as sender, as recipient, or both),
 * everyone else keeps theirs. When no copy is left the message and its files are removed.
 * One batch; false when the viewer held no copy, a revoked session (nothing changed) for a
 * revoked token (decision 042).
 */
export async function deleteForMe(viewer: Actor, messageId: number): Promise<boolean> {
  const viewerId = viewer.id;
  const current = tokenIsCurrent(viewer.id, viewer.tokenVersion);
  const now = Date.now();
  const gone = sql`NOT EXISTS (SELECT 1 FROM mail_messages g WHERE g.id = ${messageId}
      AND g.sender_id IS NOT NULL AND g.sender_deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM mail_recipients g WHERE g.message_id = ${messageId} AND g.deleted_at IS NULL)`;
  const results = await batchAs(viewer, {
    received: sql`UPDATE mail_recipients SET deleted_at = ${now}
      WHERE message_id = ${messageId} AND user_id = ${viewerId} AND deleted_at IS NULL AND ${current}
      RETURNING message_id`,
    sent: sql`UPDATE mail_messages SET sender_deleted_at = ${now}
      WHERE id = ${messageId} AND sender_id = ${viewerId} AND sender_deleted_at IS NULL AND ${current}
      RETURNING id`,
    orphaned: sql`SELECT a.key FROM attachments a WHERE a.message_id = ${messageId} AND ${gone} AND ${current}`,
    removed: sql`DELETE FROM mail_messages WHERE id = ${messageId} AND ${gone} AND ${current}`,
  });
  const { received, sent, orphaned } = results;
  discardFiles(((orphaned ?? []) as { key: string }[]).map((row) => row.key));
  return (received?.length ?? 0) + (sent?.length ?? 0) > 0;
}

export type ReplySource = {
  id: number;
  subject: string;
  body: string;
  createdAt: number;
  from: MailPerson;
  to: MailPerson[];
  own: boolean;
};

/**
 * /messagesold/compose/{id}: the message answered, if the viewer holds a copy (else null), and
 * the results of the `also` queries, by name, in the same batch.
 */
export async function loadReplySource<Also extends Record<string, Query>>(
  viewerId: number,
  messageId: number,
  also: Also = {} as Also,
): Promise<{ source: ReplySource | null; also: Results<Also> }> {
  const { replied: rows, ...rest } = await batch({
    ...also,
    replied: sqlRows<Row>(sql`SELECT m.id, m.subject, m.body, m.created_at, ${messagePeopleSql()}
      FROM mail_messages m LEFT JOIN users su ON su.id = m.sender_id
      WHERE m.id = ${messageId} AND ${holdsCopySql(viewerId, "m")}`),
  });
  const row = rows[0];
  if (!row) return { source: null, also: rest as unknown as Results<Also> };
  const message = toMessage(viewerId, { ...row, read_at: null, received: 0, files: null });
  return {
    source: {
      id: message.id,
      subject: message.subject,
      body: message.body,
      createdAt: message.createdAt,
      from: message.from,
      to: message.to,
      own: message.own,
    },
    also: rest as unknown as Results<Also>,
  };
}
