import { waitUntil } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { batch, type Query, sqlRows, sqlRun } from "~/server/db/batch.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import { chatPushPayload, publishOrPushLater } from "~/server/notifications/push.server";
import { publishToUsers } from "~/server/realtime/realtime.server";
import { detectLanguage } from "~/server/translation/detect.server";
import {
  type Actor,
  batchAs,
  currentTokenSql,
  requireCurrentToken,
  tokenIsCurrent,
} from "~/server/users/session-user.server";
import { type ChatMessage, MESSAGE_COLUMNS, type MessageRow, toMessage } from "./messages.server";
import {
  directKey,
  type MessageRefusal,
  mayMessageSql,
  mayWriteSql,
  messageRefusalSql,
  toRefusal,
  writeRefusalSql,
} from "./permission.server";

/** Sending and deleting chat messages (SPEC §3, §4); reading them is messages.server.ts. */
export type SendTarget = { conversationId: number } | { toUserId: number };

export type SendResult =
  | { status: "ok"; message: ChatMessage; created: boolean }
  | { status: "not_found" }
  /** Refused by the messaging rule, with its reason (decision 175). */
  | { status: "not_allowed"; reason: MessageRefusal }
  /** The clientMsgId was already used by this sender in another conversation. */
  | { status: "conflict" };

/**
 * Sends a message (SPEC §3, §4). Idempotent by (sender, clientMsgId): the unique index turns
 * a resend into a no-op and the batch answers the stored copy, so retries and concurrent
 * resends never make a second message. A first message to a person starts the direct chat
 * (the direct_key index keeps it to one per pair). Permission, write and answer share one
 * batch: one D1 round trip. The fan-out to every participant's sockets runs after the
 * batch commits, off the request path.
 */
export async function sendMessage(
  viewer: Actor,
  target: SendTarget,
  input: { content: string; clientMsgId: string },
  now = Date.now(),
): Promise<SendResult> {
  const viewerId = viewer.id;
  // Revocation (decision 042): checked in the batch, and it guards both inserts.
  const current = tokenIsCurrent(viewer.id, viewer.tokenVersion);
  const starts = "toUserId" in target;
  const key = starts ? directKey(viewerId, target.toUserId) : null;
  const cid = starts ? sql`(SELECT id FROM conversations WHERE direct_key = ${key})` : sql`${target.conversationId}`;
  const start: Record<string, Query> = starts
    ? {
        startConversation: sqlRun(sql`
          INSERT INTO conversations (type, updated_at, direct_key, created_at)
          SELECT 0, ${now}, ${key}, ${now}
          WHERE ${target.toUserId} != ${viewerId} AND ${mayMessageSql(viewerId, sql`${target.toUserId}`)}
            AND ${current}
          ON CONFLICT (direct_key) DO NOTHING`),
        startParticipants: sqlRun(sql`
          INSERT INTO conversation_participants (conversation_id, user_id, last_read_at)
          SELECT c.id, x.user_id, 0 FROM conversations c,
            (SELECT ${viewerId} AS user_id UNION ALL SELECT ${target.toUserId}) x
          WHERE c.direct_key = ${key}
          ON CONFLICT DO NOTHING`),
      }
    : {};
  const refusal = starts ? messageRefusalSql(viewerId, sql`${target.toUserId}`) : writeRefusalSql(viewerId, cid);
  const {
    current: still,
    refused,
    inserted,
    stored,
    members,
  } = await batch({
    current: sqlRows(currentTokenSql(viewer)),
    // Why not, read before anything is written (the answer's reason code).
    refused: sqlRows<{ reason: string | null }>(sql`SELECT ${refusal} AS reason`),
    ...start,
    inserted: sqlRows<{ id: number }>(sql`
        INSERT INTO messages (conversation_id, sender_id, content, lang, client_msg_id, disposition, created_at)
        SELECT ${cid}, ${viewerId}, ${input.content}, ${await detectLanguage(input.content)}, ${input.clientMsgId}, 0, ${now}
        WHERE ${mayWriteSql(viewerId, cid)} AND ${current}
        ON CONFLICT (sender_id, client_msg_id) DO NOTHING
        RETURNING id`),
    touched: sqlRun(sql`
        UPDATE conversations SET updated_at = ${now}
        WHERE id = ${cid} AND EXISTS (SELECT 1 FROM messages
          WHERE sender_id = ${viewerId} AND client_msg_id = ${input.clientMsgId} AND created_at = ${now})`),
    readOwn: sqlRun(sql`
        UPDATE conversation_participants SET last_read_at = max(last_read_at, ${now})
        WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND ${current}`),
    stored: sqlRows<MessageRow>(sql`
        SELECT ${MESSAGE_COLUMNS} FROM messages m
        WHERE m.sender_id = ${viewerId} AND m.client_msg_id = ${input.clientMsgId}`),
    members: sqlRows<{ user_id: number }>(sql`
        SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`),
  });
  requireCurrentToken(still as unknown[]);
  const row = stored[0];
  const reason = toRefusal(refused[0]?.reason);
  const memberIds = members.map((m) => m.user_id);
  if (!memberIds.includes(viewerId)) {
    // Not in it: unknown, unless a first message was refused or a parent may only read it (decision 185).
    return (starts && row === undefined) || reason === "parent_read_only"
      ? { status: "not_allowed", reason }
      : { status: "not_found" };
  }
  if (!row) return { status: "not_allowed", reason };
  const message = toMessage(row);
  if (starts ? false : message.conversationId !== target.conversationId) return { status: "conflict" };
  const created = inserted.length > 0;
  if (created) {
    // Members with no socket open get a push (decision 136); the sender never does.
    publishOrPushLater(
      memberIds,
      { messageType: "message", data: { ...message, senderId: viewerId } },
      chatPushPayload(message.conversationId, message.content),
      viewerId,
      // In each reader's language when it was written in another (issue 24 item 5).
      { kind: "message", id: message.id },
    );
    // Email to those who chose it, if still unread in 15 minutes (decision 169).
    mailLater(
      { kind: "chat", conversationId: message.conversationId, messageId: message.id, senderId: viewerId },
      memberIds.filter((id) => id !== viewerId),
    );
  }
  return { status: "ok", message, created };
}

/** A clientMsgId for the no-JavaScript form: a resubmitted form then never sends twice. */
export function newClientMsgIdServer() {
  return crypto.randomUUID();
}

/**
 * The two removing dispositions (SPEC §3, §4; docs/decisions/051-message-dispositions.md):
 * a message its sender deleted, and one removed because its sender's account was deleted.
 */
export const MessageDisposition = {
  Normal: 0,
  DeletedBySender: 1,
  RemovedWithAccount: 2,
  RemovedByModerator: 3,
} as const;

export type DeleteResult = { status: "ok"; message: ChatMessage } | { status: "not_found" };

/**
 * A sender deletes their own message: its text is cleared, its disposition set, and every
 * participant's tabs drop it (the frame carries the disposition). Anyone else's message, or
 * one in a conversation the viewer is not in, is a 404. One round trip.
 */
export async function deleteMessage(
  viewer: Actor,
  /** null: whichever conversation the message is in (the /chat/@username page knows no id). */
  conversationId: number | null,
  messageId: number,
): Promise<DeleteResult> {
  const viewerId = viewer.id;
  const cid =
    conversationId === null
      ? sql`(SELECT conversation_id FROM messages WHERE id = ${messageId})`
      : sql`${conversationId}`;
  const results = await batchAs(viewer, {
    updated: sqlRows<MessageRow>(sql`
      UPDATE messages SET disposition = ${MessageDisposition.DeletedBySender}, content = ''
      WHERE id = ${messageId} AND conversation_id = ${cid} AND sender_id = ${viewerId}
        AND disposition = ${MessageDisposition.Normal}
        AND EXISTS (SELECT 1 FROM conversation_participants me
          WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})
        AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}
      RETURNING id, conversation_id, sender_id, content, client_msg_id, disposition, created_at`),
    members: sqlRows<{ user_id: number }>(
      sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
    ),
  });
  const { updated, members } = results;
  const row = updated[0];
  if (!row) return { status: "not_found" };
  const message = toMessage(row);
  const ids = members.map((m) => m.user_id);
  waitUntil(publishToUsers(ids, { messageType: "message", data: { ...message, senderId: viewerId } }));
  return { status: "ok", message };
}
