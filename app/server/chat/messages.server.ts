import { type SQL, sql } from "drizzle-orm";
import type { MessageData } from "~/realtime/protocol";
import { batch, preparedRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import { blockedBySql } from "~/server/users/blocks-sql.server";
import { type Actor, tokenIsCurrent } from "~/server/users/session-user.server";
import { youngestWithoutConsentYear } from "~/server/users/students-sql.server";
import { decodeCursor, REMOVED_DISPOSITIONS } from "./conversations.server";
import { parentReaderSql, parentsSeeSql } from "./parent-view.server";
import { type MessageRefusal, toRefusal, writeRefusalSql } from "./permission.server";
import { readAndAnnounce } from "./read-marks.server";

/** A message as clients hold it (SPEC §3 Message plus the server id). */
export type ChatMessage = Omit<MessageData, "senderId"> & { senderId: number | null };

/**
 * A message as a conversation's page sends it to the browser (decision 216): its conversation is
 * the page's and its disposition 0 (the page shows only visible messages), so neither is sent;
 * `lang` only when known. Frames and the API's JSON carry whole `ChatMessage`s.
 */
export type ShownMessage = Omit<ChatMessage, "conversationId" | "disposition"> &
  Partial<Pick<ChatMessage, "conversationId" | "disposition">>;

export function shownMessage({ conversationId: _c, disposition: _d, lang, ...message }: ChatMessage): ShownMessage {
  return lang ? { ...message, lang } : message;
}

/** The newest 50 first, then 50 at a time (docs/decisions/050-chat-routes-and-sending.md). */
export const MESSAGE_PAGE_SIZE = 50;
/** A reconnecting client fetches at most this many missed messages per call, then asks again. */
export const GAP_FILL_MAX = 200;

export const VISIBLE = sql.raw(`m.disposition NOT IN (${REMOVED_DISPOSITIONS.join(", ")})`);

export type ChatMember = {
  userId: number;
  name: string;
  username: string | null;
  avatar: string;
  lastReadAt: number;
  available: boolean;
  /** The viewer blocked them (decision 160): their messages show as hidden, with an undo. */
  blocked: boolean;
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
  /** Whether the viewer may write here now (decision 050), and why not when not (decision 175). */
  mayWrite: boolean;
  refusal: MessageRefusal | null;
  /** The viewer's read mark before this read: the page opens at the first message after it (decision 122). */
  readUpTo: number;
  /** A student's staff conversation: the student's parents may read it (decision 185). */
  parentsSee: boolean;
};

export function messageCursor(message: Pick<ChatMessage, "createdAt" | "id">) {
  return `${message.createdAt}:${message.id}`;
}

export type MessageRow = {
  id: number;
  conversation_id: number;
  sender_id: number | null;
  content: string;
  client_msg_id: string | null;
  disposition: number;
  created_at: number;
  lang?: string | null;
};

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    clientMsgId: row.client_msg_id ?? `server-${row.id}`,
    disposition: row.disposition,
    createdAt: row.created_at,
    lang: row.lang ?? null,
  };
}

export const MESSAGE_COLUMNS = sql.raw(
  "m.id, m.conversation_id, m.sender_id, m.content, m.client_msg_id, m.disposition, m.created_at, m.lang",
);

export type HeadRow = {
  id: number;
  type: number;
  title: string | null;
  last_read_at: number;
  /** Messages from others after last_read_at (decision 190's count): a read that moves the mark announces itself. */
  unread: number;
  write_refusal: string | null;
  /** 1 when the reader's token may mark the conversation read (decision 042); 0 for a parent reading. */
  reader_current: number;
  parents_see: number;
};
type MemberRow = {
  user_id: number;
  last_read_at: number;
  name: string;
  username: string | null;
  avatar: string;
  available: number;
  blocked: number;
};

export type LoadOptions = {
  before?: string | null;
  after?: string | null;
  /** Marks the conversation read as this reader (the viewer); a revoked token (decision 042) marks nothing. */
  markRead?: Actor;
  now?: number;
};

/**
 * How a conversation is read: the newest page, a page before a cursor, the messages after one
 * (a gap filled oldest first); marking it read or not. With both cursors the range is before's
 * and the order after's, as it always was.
 */
type ReadKind = { before: boolean; after: boolean; marksRead: boolean };

/** The values a conversation's statements name (the key's own, say `conversationId`, are the caller's). */
const viewer = sql`${sql.placeholder("viewerId")}`;
const youngest = sql`${sql.placeholder("youngest")}`;

/**
 * The statements that read one conversation for the viewer, `cid` a SQL expression of its id
 * whose values are placeholders; every one is limited to conversations the viewer is in or reads
 * as a student's parent (decision 185), so anyone else reads nothing (404 everywhere).
 */
function conversationSql(cid: SQL, { before, after, marksRead }: ReadKind) {
  const current = marksRead ? tokenIsCurrent(sql.placeholder("readerId"), sql.placeholder("tokenVersion")) : sql`0`;
  const member = sql`(EXISTS (SELECT 1 FROM conversation_participants me WHERE me.conversation_id = ${cid}
    AND me.user_id = ${viewer}) OR ${parentReaderSql(viewer, cid)})`;
  // Row values, so the cursor is where the index search starts: the OR of the two cases made
  // SQLite walk down from the newest message, past every one newer than the cursor (decision 197).
  const cursor = sql`(${sql.placeholder("cursorAt")}, ${sql.placeholder("cursorId")})`;
  const range = before
    ? sql`AND (m.created_at, m.id) < ${cursor}`
    : after
      ? sql`AND (m.created_at, m.id) > ${cursor}`
      : sql``;
  const order = after ? sql`ASC` : sql`DESC`;
  const limit = after ? GAP_FILL_MAX : MESSAGE_PAGE_SIZE + 1;
  return {
    heads: sql`
      SELECT c.id, c.type, c.title, coalesce(me.last_read_at, 0) AS last_read_at, coalesce(me.unread, 0) AS unread,
        ${writeRefusalSql(viewer, sql`c.id`, youngest)} AS write_refusal, (me.user_id IS NOT NULL AND ${current}) AS reader_current,
        ${parentsSeeSql(sql`c.id`)} AS parents_see
      FROM conversations c LEFT JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ${viewer}
      WHERE c.id = ${cid} AND (me.user_id IS NOT NULL OR ${parentReaderSql(viewer, sql`c.id`)})`,
    members: sql`
      SELECT p.user_id, p.last_read_at, u.name, u.username, u.avatar,
        ${activeUser("u")} AS available, ${blockedBySql(viewer, sql`p.user_id`)} AS blocked
      FROM conversation_participants p JOIN users u ON u.id = p.user_id
      WHERE p.conversation_id = ${cid} AND ${member}
      ORDER BY u.name`,
    rows: sql`
      SELECT ${MESSAGE_COLUMNS} FROM messages m
      WHERE m.conversation_id = ${cid} AND ${VISIBLE} AND ${member} ${range}
      ORDER BY m.created_at ${order}, m.id ${order} LIMIT ${sql.raw(String(limit))}`,
    markRead: marksRead
      ? sql`
        UPDATE conversation_participants SET last_read_at = max(last_read_at, ${sql.placeholder("now")})
        WHERE conversation_id = ${cid} AND user_id = ${viewer} AND ${current}`
      : sql`SELECT 1`,
  };
}

/**
 * A conversation's reads for one way of naming it (`cid`: its id, or the direct chat with a
 * person), compiled once per isolate for each kind of read and filled in per request: built
 * anew, drizzle's compile of these statements (the permission rule's some forty fragments) was
 * ~6% of a chat page (decisions 216, 223). `values` are the key's own placeholders.
 */
export function conversationReads(cid: () => SQL) {
  const kinds = new Map<string, ReturnType<typeof compiledKind>>();
  const compiledKind = (kind: ReadKind) => {
    let built: ReturnType<typeof conversationSql> | undefined;
    const statements = () => {
      built ??= conversationSql(cid(), kind);
      return built;
    };
    return {
      heads: preparedRows<HeadRow>(() => statements().heads),
      members: preparedRows<MemberRow>(() => statements().members),
      rows: preparedRows<MessageRow>(() => statements().rows),
      // An UPDATE: its rows are none, and no reader reads them.
      markRead: preparedRows(() => statements().markRead),
    };
  };
  return (viewerId: number, values: Record<string, unknown>, options: LoadOptions) => {
    const before = decodeCursor(options.before);
    const after = decodeCursor(options.after);
    const kind: ReadKind = { before: before !== null, after: after !== null, marksRead: Boolean(options.markRead) };
    const key = `${kind.before}:${kind.after}:${kind.marksRead}`;
    let compiled = kinds.get(key);
    if (!compiled) {
      compiled = compiledKind(kind);
      kinds.set(key, compiled);
    }
    const cursor = before ?? after;
    const now = options.now ?? Date.now();
    const filled = {
      ...values,
      viewerId,
      youngest: youngestWithoutConsentYear(now),
      now,
      ...(cursor && { cursorAt: cursor.at, cursorId: cursor.id }),
      ...(options.markRead && { readerId: options.markRead.id, tokenVersion: options.markRead.tokenVersion }),
    };
    return {
      heads: compiled.heads(filled),
      members: compiled.members(filled),
      rows: compiled.rows(filled),
      markRead: compiled.markRead(filled),
    };
  };
}

const conversationById = conversationReads(() => sql`${sql.placeholder("conversationId")}`);

/** The statements of a read of conversation `conversationId` by its id (/chat/{id} and the APIs). */
export function conversationStatements(viewerId: number, conversationId: number, options: LoadOptions) {
  return conversationById(viewerId, { conversationId }, options);
}

export function toView(
  head: HeadRow,
  members: MemberRow[],
  rows: MessageRow[],
  options: LoadOptions,
): ConversationView {
  const ascending = options.after ? rows : rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const earliest = ascending[0];
  // What a blocked person wrote stays on the server (decision 160).
  const blocked = new Set(members.filter((m) => m.blocked).map((m) => m.user_id));
  const shown = (row: MessageRow) =>
    row.sender_id !== null && blocked.has(row.sender_id) ? { ...row, content: "" } : row;
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
      blocked: Boolean(m.blocked),
    })),
    messages: ascending.map((row) => toMessage(shown(row))),
    earlierCursor:
      !options.after && rows.length > MESSAGE_PAGE_SIZE && earliest ? messageCursor(toMessage(earliest)) : null,
    mayWrite: head.write_refusal === null,
    refusal: head.write_refusal === null ? null : toRefusal(head.write_refusal),
    readUpTo: head.last_read_at,
    parentsSee: Boolean(head.parents_see),
  };
}

/** /chat/{id}: one conversation the viewer is in, or null (404). One round trip. */
export async function loadConversation(viewerId: number, conversationId: number, options: LoadOptions = {}) {
  const now = options.now ?? Date.now();
  const { heads, members, rows } = await batch(conversationStatements(viewerId, conversationId, { ...options, now }));
  const head = heads[0];
  if (!head) return null;
  const view = toView(head, members, rows, options);
  if (options.markRead && head.reader_current) readAndAnnounce(viewerId, view, head, now);
  return view;
}
