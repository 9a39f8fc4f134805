import { waitUntil } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import type { MessageData } from "~/realtime/protocol";
import { batchSql } from "~/server/db/raw.server";
import { publishToUser, publishToUsers } from "~/server/realtime/realtime.server";
import { avatarUrl } from "~/server/users/avatar";
import {
  type Actor,
  batchAs,
  currentTokenSql,
  tokenIsCurrent,
  tokenWasCurrent,
} from "~/server/users/session-user.server";
import { decodeCursor, REMOVED_DISPOSITIONS } from "./conversations.server";
import { directKey, mayMessageSql, mayWriteSql } from "./permission.server";

/** A message as clients hold it (SPEC §3 Message plus the server id). */
export type ChatMessage = Omit<MessageData, "senderId"> & { senderId: number | null };

/** The newest 50 first, then 50 at a time (docs/decisions/050-chat-routes-and-sending.md). */
export const MESSAGE_PAGE_SIZE = 50;
/** A reconnecting client fetches at most this many missed messages per call, then asks again. */
export const GAP_FILL_MAX = 200;

const VISIBLE = sql.raw(`m.disposition NOT IN (${REMOVED_DISPOSITIONS.join(", ")})`);

export type ChatMember = {
  userId: number;
  name: string;
  username: string | null;
  avatar: string;
  lastReadAt: number;
  available: boolean;
};

export type ConversationView = {
  id: number;
  type: number;
  title: string | null;
  /** Everyone in it, the viewer included. */
  members: ChatMember[];
  /** Oldest first. */
  messages: ChatMessage[];
  /** Set when older messages exist: pass as `before`. */
  earlierCursor: string | null;
  /** Whether the viewer may write here now (decision 050). */
  mayWrite: boolean;
};

export function messageCursor(message: Pick<ChatMessage, "createdAt" | "id">) {
  return `${message.createdAt}:${message.id}`;
}

type MessageRow = {
  id: number;
  conversation_id: number;
  sender_id: number | null;
  content: string;
  client_msg_id: string | null;
  disposition: number;
  created_at: number;
};

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    clientMsgId: row.client_msg_id ?? `server-${row.id}`,
    disposition: row.disposition,
    createdAt: row.created_at,
  };
}

const MESSAGE_COLUMNS = sql.raw(
  "m.id, m.conversation_id, m.sender_id, m.content, m.client_msg_id, m.disposition, m.created_at",
);

type HeadRow = {
  id: number;
  type: number;
  title: string | null;
  last_read_at: number;
  last_from_others: number | null;
  may_write: number;
  /** 1 when the reader's token may mark the conversation read (decision 042). */
  reader_current: number;
};
type MemberRow = {
  user_id: number;
  last_read_at: number;
  name: string;
  username: string | null;
  avatar: string;
  available: number;
};

export type LoadOptions = {
  before?: string | null;
  after?: string | null;
  /** Marks the conversation read as this reader (the viewer); a revoked token (decision 042) marks nothing. */
  markRead?: Actor;
  now?: number;
};

/**
 * The statements that read one conversation for `viewerId`, `cid` being a SQL expression for
 * its id; every one is limited to conversations the viewer is in, so a non-participant reads
 * nothing (404 everywhere). Reading marks the conversation read when `markRead`.
 */
function conversationStatements(viewerId: number, cid: SQL, options: LoadOptions): SQL[] {
  const reader = options.markRead;
  const current = reader ? tokenIsCurrent(reader.id, reader.tokenVersion) : sql`0`;
  const member = sql`EXISTS (SELECT 1 FROM conversation_participants me WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})`;
  const before = decodeCursor(options.before);
  const after = decodeCursor(options.after);
  const range = before
    ? sql`AND (m.created_at < ${before.at} OR (m.created_at = ${before.at} AND m.id < ${before.id}))`
    : after
      ? sql`AND (m.created_at > ${after.at} OR (m.created_at = ${after.at} AND m.id > ${after.id}))`
      : sql``;
  const order = after ? sql`ASC` : sql`DESC`;
  const limit = after ? GAP_FILL_MAX : MESSAGE_PAGE_SIZE + 1;
  const now = options.now ?? Date.now();
  return [
    sql`
      SELECT c.id, c.type, c.title, me.last_read_at,
        (SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND ${VISIBLE}
          AND (m.sender_id IS NULL OR m.sender_id != ${viewerId})) AS last_from_others,
        ${mayWriteSql(viewerId, sql`c.id`)} AS may_write, ${current} AS reader_current
      FROM conversations c JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ${viewerId}
      WHERE c.id = ${cid}`,
    sql`
      SELECT p.user_id, p.last_read_at, u.name, u.username, u.avatar,
        (u.deleted_at IS NULL AND u.activated_at IS NOT NULL) AS available
      FROM conversation_participants p JOIN users u ON u.id = p.user_id
      WHERE p.conversation_id = ${cid} AND ${member}
      ORDER BY u.name`,
    sql`
      SELECT ${MESSAGE_COLUMNS} FROM messages m
      WHERE m.conversation_id = ${cid} AND ${VISIBLE} AND ${member} ${range}
      ORDER BY m.created_at ${order}, m.id ${order} LIMIT ${limit}`,
    reader
      ? sql`
        UPDATE conversation_participants SET last_read_at = max(last_read_at, ${now})
        WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND ${current}`
      : sql`SELECT 1`,
  ];
}

function toView(head: HeadRow, members: MemberRow[], rows: MessageRow[], options: LoadOptions): ConversationView {
  const ascending = options.after ? rows : rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const earliest = ascending[0];
  return {
    id: head.id,
    type: head.type,
    title: head.title,
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.available ? m.name : "",
      username: m.available ? m.username : null,
      avatar: m.available ? avatarUrl(m.avatar) : "default",
      lastReadAt: m.last_read_at,
      available: Boolean(m.available),
    })),
    messages: ascending.map(toMessage),
    earlierCursor:
      !options.after && rows.length > MESSAGE_PAGE_SIZE && earliest ? messageCursor(toMessage(earliest)) : null,
    mayWrite: Boolean(head.may_write),
  };
}

/** After a read that moved last_read_at: tell the reader's other tabs and the others' receipts. */
function announceRead(viewerId: number, conversationId: number, memberIds: number[], head: HeadRow, now: number) {
  if (head.last_from_others === null || head.last_from_others <= head.last_read_at) return head.last_read_at;
  const lastReadAt = Math.max(head.last_read_at, now);
  const others = memberIds.filter((id) => id !== viewerId);
  waitUntil(
    Promise.all([
      publishToUser(viewerId, { messageType: "conversationLastRead", data: { conversationId } }),
      publishToUsers(others, {
        messageType: "conversationSeen",
        data: { conversationId, userId: viewerId, lastReadAt },
      }),
    ]),
  );
  return lastReadAt;
}

function readAndAnnounce(viewerId: number, view: ConversationView, head: HeadRow, now: number) {
  const ids = view.members.map((m) => m.userId);
  const lastReadAt = announceRead(viewerId, view.id, ids, head, now);
  const me = view.members.find((m) => m.userId === viewerId);
  if (me) me.lastReadAt = Math.max(me.lastReadAt, lastReadAt);
}

/** /chat/{id}: one conversation the viewer is in, or null (404). One round trip. */
export async function loadConversation(viewerId: number, conversationId: number, options: LoadOptions = {}) {
  const now = options.now ?? Date.now();
  const [heads, members, rows] = (await batchSql(
    conversationStatements(viewerId, sql`${conversationId}`, { ...options, now }),
  )) as [HeadRow[], MemberRow[], MessageRow[]];
  const head = heads[0];
  if (!head) return null;
  const view = toView(head, members, rows, options);
  if (options.markRead && head.reader_current) readAndAnnounce(viewerId, view, head, now);
  return view;
}

type PersonRow = { id: number; name: string; username: string | null; avatar: string; may_message: number };

export type DirectTarget = { id: number; name: string; username: string | null; avatar: string; mayMessage: boolean };

/**
 * /chat/@{username}: the person, whether the viewer may message them, and their direct chat
 * if it exists; null when there is no such available person (or it is the viewer). One round trip.
 */
export async function loadDirectChat(
  viewerId: number,
  person: { username: string } | { userId: number },
  options: LoadOptions = {},
) {
  const now = options.now ?? Date.now();
  const match = "username" in person ? sql`lower(username) = lower(${person.username})` : sql`id = ${person.userId}`;
  const target = sql`(SELECT id FROM users WHERE ${match} AND deleted_at IS NULL AND activated_at IS NOT NULL)`;
  // printf: D1 binds JS numbers as REAL, which would concatenate as "7.0".
  const key = sql`(SELECT printf('%d:%d', min(t.id, ${viewerId}), max(t.id, ${viewerId})) FROM users t WHERE t.id = ${target})`;
  const cid = sql`(SELECT id FROM conversations WHERE direct_key = ${key})`;
  const [people, heads, members, rows] = (await batchSql([
    sql`
      SELECT u.id, u.name, u.username, u.avatar, ${mayMessageSql(viewerId, sql`u.id`)} AS may_message
      FROM users u WHERE u.id = ${target} AND u.id != ${viewerId}`,
    ...conversationStatements(viewerId, cid, { ...options, now }),
  ])) as [PersonRow[], HeadRow[], MemberRow[], MessageRow[]];
  const found = people[0];
  if (!found) return null;
  const head = heads[0];
  const view = head ? toView(head, members, rows, options) : null;
  if (head && view && options.markRead && head.reader_current) readAndAnnounce(viewerId, view, head, now);
  const user: DirectTarget = {
    id: found.id,
    name: found.name,
    username: found.username,
    avatar: avatarUrl(found.avatar),
    mayMessage: Boolean(found.may_message),
  };
  return { user, conversation: view };
}

export type SendTarget = { conversationId: number } | { toUserId: number };

export type SendResult =
  | { status: "ok"; message: ChatMessage; created: boolean }
  | { status: "not_found" }
  | { status: "not_allowed" }
  /** The clientMsgId was already used by this sender in another conversation. */
  | { status: "conflict" }
  /** The sender's token was revoked (decision 042): nothing was sent. */
  | { status: "revoked" };

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
  const start = starts
    ? [
        sql`
          INSERT INTO conversations (type, updated_at, direct_key, created_at)
          SELECT 0, ${now}, ${key}, ${now}
          WHERE ${target.toUserId} != ${viewerId} AND ${mayMessageSql(viewerId, sql`${target.toUserId}`)}
            AND ${current}
          ON CONFLICT (direct_key) DO NOTHING`,
        sql`
          INSERT INTO conversation_participants (conversation_id, user_id, last_read_at)
          SELECT c.id, x.user_id, 0 FROM conversations c,
            (SELECT ${viewerId} AS user_id UNION ALL SELECT ${target.toUserId}) x
          WHERE c.direct_key = ${key}
          ON CONFLICT DO NOTHING`,
      ]
    : [];
  const statements = [
    currentTokenSql(viewer),
    ...start,
    sql`
        INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, disposition, created_at)
        SELECT ${cid}, ${viewerId}, ${input.content}, ${input.clientMsgId}, 0, ${now}
        WHERE ${mayWriteSql(viewerId, cid)} AND ${current}
        ON CONFLICT (sender_id, client_msg_id) DO NOTHING
        RETURNING id`,
    sql`
        UPDATE conversations SET updated_at = ${now}
        WHERE id = ${cid} AND EXISTS (SELECT 1 FROM messages
          WHERE sender_id = ${viewerId} AND client_msg_id = ${input.clientMsgId} AND created_at = ${now})`,
    sql`
        UPDATE conversation_participants SET last_read_at = max(last_read_at, ${now})
        WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND ${current}`,
    sql`
        SELECT ${MESSAGE_COLUMNS} FROM messages m
        WHERE m.sender_id = ${viewerId} AND m.client_msg_id = ${input.clientMsgId}`,
    sql`
        SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
  ];
  const results = await batchSql(statements);
  if (!tokenWasCurrent(results[0])) return { status: "revoked" };
  const [inserted, stored, members] = [results.at(-5), results.at(-2), results.at(-1)];
  const row = (stored as MessageRow[])[0];
  const memberIds = (members as { user_id: number }[]).map((m) => m.user_id);
  if (!memberIds.includes(viewerId)) {
    // Not in it: unknown, unless a first message was refused.
    return starts && row === undefined ? { status: "not_allowed" } : { status: "not_found" };
  }
  if (!row) return { status: "not_allowed" };
  const message = toMessage(row);
  if (starts ? false : message.conversationId !== target.conversationId) return { status: "conflict" };
  const created = (inserted as { id: number }[]).length > 0;
  if (created) {
    waitUntil(publishToUsers(memberIds, { messageType: "message", data: { ...message, senderId: viewerId } }));
  }
  return { status: "ok", message, created };
}

/**
 * Marks a conversation read by the viewer (SPEC §4); null when the viewer is not in it,
 * "revoked" (nothing marked, nothing announced) for a revoked token (decision 042).
 */
export async function markConversationRead(viewer: Actor, conversationId: number, now = Date.now()) {
  const viewerId = viewer.id;
  const cid = sql`${conversationId}`;
  const results = await batchAs(viewer, [
    sql`
      SELECT c.id, c.type, c.title, me.last_read_at, 1 AS may_write, 1 AS reader_current,
        (SELECT max(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND ${VISIBLE}
          AND (m.sender_id IS NULL OR m.sender_id != ${viewerId})) AS last_from_others
      FROM conversations c JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ${viewerId}
      WHERE c.id = ${cid}`,
    sql`
      SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}
        AND EXISTS (SELECT 1 FROM conversation_participants me WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})`,
    sql`
      UPDATE conversation_participants SET last_read_at = max(last_read_at, ${now})
      WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}`,
  ]);
  if (results === "revoked") return results;
  const [heads, members] = results as [HeadRow[], { user_id: number }[]];
  const head = heads[0];
  if (!head) return null;
  const lastReadAt = announceRead(
    viewerId,
    conversationId,
    members.map((m) => m.user_id),
    head,
    now,
  );
  return { conversationId, lastReadAt: Math.max(lastReadAt, now) };
}

/** A clientMsgId for the no-JavaScript form: a resubmitted form then never sends twice. */
export function newClientMsgIdServer() {
  return crypto.randomUUID();
}

/**
 * The two removing dispositions (SPEC §3, §4; docs/decisions/051-message-dispositions.md):
 * a message its sender deleted, and one removed because its sender's account was deleted.
 */
export const MessageDisposition = { Normal: 0, DeletedBySender: 1, RemovedWithAccount: 2 } as const;

export type DeleteResult =
  | { status: "ok"; message: ChatMessage }
  | { status: "not_found" }
  /** The sender's token was revoked (decision 042): nothing was deleted. */
  | { status: "revoked" };

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
  const results = await batchAs(viewer, [
    sql`
      UPDATE messages SET disposition = ${MessageDisposition.DeletedBySender}, content = ''
      WHERE id = ${messageId} AND conversation_id = ${cid} AND sender_id = ${viewerId}
        AND disposition = ${MessageDisposition.Normal}
        AND EXISTS (SELECT 1 FROM conversation_participants me
          WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})
        AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}
      RETURNING id, conversation_id, sender_id, content, client_msg_id, disposition, created_at`,
    sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
  ]);
  if (results === "revoked") return { status: results };
  const [updated, members] = results as [MessageRow[], { user_id: number }[]];
  const row = updated[0];
  if (!row) return { status: "not_found" };
  const message = toMessage(row);
  const ids = members.map((m) => m.user_id);
  waitUntil(publishToUsers(ids, { messageType: "message", data: { ...message, senderId: viewerId } }));
  return { status: "ok", message };
}
