import { and, desc, eq, type Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import { chatPath } from "~/lib/friend-status";
import { type BatchPart, batch, batchPart, preparedQuery } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "~/server/users/avatar";

export type Participant = { userId: number; username: string | null; name: string; avatar: string };

/** SPEC §3 Conversation, as /chat, the header dropdown and GET /api/v2/conversation show it. */
export type ConversationSummary = {
  id: number;
  /** 0 is a direct chat between two people, 1 a group (SPEC §3). */
  type: number;
  /** A group's name; null for a direct chat. */
  title: string | null;
  /**
   * The other participants. Deleted accounts have an empty name: "Unknown User". The header's
   * menu leaves a titled group's empty: the title names it there (decision 197).
   */
  participants: Participant[];
  /** `hidden`: the viewer blocked its sender (decision 160), so `content` is empty. */
  lastMessage: { senderId: number | null; content: string; createdAt: number; hidden?: boolean } | null;
  unread: number;
  /** UTC milliseconds of the last activity; the list's order. */
  updatedAt: number;
};

export const CONVERSATION_MENU_SIZE = 10;
/**
 * /chat's list, beside every conversation too: 20 a page, "More conversations" for the rest
 * (decision 223). A phone shows about eight rows, and on a conversation's page none (chat.css
 * hides the list there), yet every row was sent to it as markup and data; a wide screen's list
 * pane shows about ten. The API's page (`CONVERSATION_PAGE_MAX`) is unchanged.
 */
export const CONVERSATION_PAGE_SIZE = 20;
export const CONVERSATION_PAGE_MAX = 50;

/** Messages with these dispositions are gone for everyone (docs/decisions/051-message-dispositions.md). */
// 3: removed by a moderator (decision 186). Migration 0035's unread triggers, 0038's last-message
// triggers and the partial index messages_visible name the same three.
export const REMOVED_DISPOSITIONS = [1, 2, 3] as const;

export type ConversationCursor = { updatedAt: number; id: number };

export function encodeConversationCursor(conversation: Pick<ConversationSummary, "updatedAt" | "id">) {
  return `${conversation.updatedAt}:${conversation.id}`;
}

export function decodeCursor(cursor: string | null | undefined): { at: number; id: number } | null {
  const match = /^(\d{1,16}):(\d{1,16})$/.exec(cursor ?? "");
  if (!match) return null;
  const at = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) ? { at, id } : null;
}

type Row = {
  id: number;
  type: number;
  title: string | null;
  updated_at: number;
  participants: string;
  last_message: string | null;
  unread: number;
};

/**
 * One statement: usable alone or inside another loader's batch (decision 041). A select, not
 * `db.all`, because drizzle's D1 batch takes only prepared queries.
 *
 * Each conversation listed is the viewer's own participant row, read in the order of its
 * `(user_id, updated_at, conversation_id)` index: the type, title, the other person of a direct
 * chat and the last visible message are copies on that row, kept by the triggers of migration
 * 0038 (decision 197), as the unread count is by 0035's (decision 190). One row read per
 * conversation shown, however long the viewer's history; only a group names its members from
 * their rows (a group may have no title: then its members' names are its name).
 */
export function conversationsQuery(
  userId: number | SQLWrapper,
  options: { limit?: number; after?: ListCursor | null; menu?: boolean } = {},
) {
  const limit = Math.min(Math.max(options.limit ?? CONVERSATION_MENU_SIZE, 1), CONVERSATION_PAGE_MAX);
  const cursor = options.after;
  const me = schema.conversationParticipants;
  // A row value: the index search starts at the cursor instead of walking past the newer ones.
  const after = cursor ? sql`(${me.updatedAt}, ${me.conversationId}) < (${cursor.at}, ${cursor.id})` : undefined;
  // The header's menu names a group by its title alone (conversation-name.ts): its members are
  // read only for a group without one. /chat and the API list every group's members.
  const titledGroupInMenu = options.menu
    ? sql`WHEN ${me.conversationType} != 0 AND coalesce(${me.conversationTitle}, '') != '' THEN '[]'`
    : sql``;
  // Named in full inside sub-selects: drizzle writes a lone table's columns unqualified.
  const outer = sql.raw("conversation_participants");
  const blocked = sql`EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${userId} AND bk.blocked_id = ${outer}.last_sender_id)`;
  return getDb()
    .select({
      id: me.conversationId,
      type: me.conversationType,
      title: me.conversationTitle,
      updated_at: me.updatedAt,
      participants: sql<string>`(CASE ${titledGroupInMenu} WHEN ${me.conversationType} != 0
        THEN (SELECT json_group_array(json_object('userId', u.id, 'username', u.username, 'name', u.name, 'avatar', u.avatar))
          FROM conversation_participants other JOIN users u ON u.id = other.user_id
          WHERE other.conversation_id = ${outer}.conversation_id AND other.user_id != ${userId})
        WHEN ${me.peerId} IS NULL THEN '[]'
        ELSE json_array(json_object('userId', ${me.peerId}, 'username', ${me.peerUsername}, 'name', coalesce(${me.peerName}, ''),
          'avatar', coalesce(${me.peerAvatar}, 'default'))) END)`,
      // `hidden`: the viewer blocked its sender (decision 160); a probe that finds no block reads no row.
      last_message: sql<string | null>`(CASE WHEN ${me.lastMessageId} IS NOT NULL THEN json_object(
          'senderId', ${me.lastSenderId}, 'createdAt', ${me.lastCreatedAt},
          'content', CASE WHEN ${blocked} THEN '' ELSE ${me.lastContent} END, 'hidden', ${blocked}) END)`,
      // Kept by triggers of migration 0035 (decision 190): messages from others after
      // last_read_at, not removed. Counting them here read every unread message on every page.
      unread: me.unread,
    })
    .from(me)
    .where(and(eq(me.userId, userId), after))
    .orderBy(desc(me.updatedAt), desc(me.conversationId))
    .limit(limit + 1);
}

/** Where a page of the list starts: after this conversation's (updated_at, id), or placeholders for them. */
type ListCursor = { at: number | Placeholder; id: number | Placeholder };

/** The dropdown's statement is the same on every signed-in page: built once (decision 079). */
const menuQuery = preparedQuery(() =>
  conversationsQuery(sql.placeholder("userId"), { limit: CONVERSATION_MENU_SIZE, menu: true }),
);

/**
 * /chat's list (every chat page's layout), its first page and a page after a cursor: built once
 * per isolate too; drizzle's build of it was ~4% of a conversation's page (decision 223).
 */
const listPage = preparedQuery(() =>
  conversationsQuery(sql.placeholder("userId"), { limit: CONVERSATION_PAGE_SIZE, menu: true }),
);
const listPageAfter = preparedQuery(() =>
  conversationsQuery(sql.placeholder("userId"), {
    limit: CONVERSATION_PAGE_SIZE,
    menu: true,
    after: { at: sql.placeholder("at"), id: sql.placeholder("id") },
  }),
);

/** The header dropdown's conversations as one part of the root loader's batch (decision 041). */
export function conversationsPart(userId: number, limit = CONVERSATION_MENU_SIZE): BatchPart<ConversationSummary[]> {
  const query =
    limit === CONVERSATION_MENU_SIZE ? menuQuery({ userId }) : conversationsQuery(userId, { limit, menu: true });
  return batchPart({ rows: query }, ({ rows }) => toSummaries(rows as Row[], limit).data);
}

/** The last message as clients know it; `hidden` only when its sender is blocked (decision 160). */
function lastMessageOf(json: string): ConversationSummary["lastMessage"] {
  const { hidden, ...message } = JSON.parse(json) as NonNullable<ConversationSummary["lastMessage"]>;
  return hidden ? { ...message, hidden: true } : message;
}

export function toSummaries(rows: Row[], limit: number) {
  const data: ConversationSummary[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    participants: (JSON.parse(row.participants) as Participant[]).map((p) => ({ ...p, avatar: avatarUrl(p.avatar) })),
    lastMessage: row.last_message ? lastMessageOf(row.last_message) : null,
    unread: row.unread,
    updatedAt: row.updated_at,
  }));
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeConversationCursor(last) : null };
}

/**
 * A user's conversations, most recently active first, with the other participants, the last
 * message and how many messages from others arrived after the user last read. One query.
 */
export async function listConversationPage(
  userId: number,
  options: { limit?: number; cursor?: string | null; menu?: boolean } = {},
) {
  const limit = Math.min(Math.max(options.limit ?? CONVERSATION_PAGE_SIZE, 1), CONVERSATION_PAGE_MAX);
  const after = decodeCursor(options.cursor);
  // As a batch, not a lone select: /chat's list then rides with the root loader's and the
  // conversation's reads in the request's one round trip (decision 104).
  const query =
    options.menu && limit === CONVERSATION_PAGE_SIZE
      ? after
        ? listPageAfter({ userId, ...after })
        : listPage({ userId })
      : conversationsQuery(userId, { limit, after, menu: options.menu });
  const { rows } = await batch({ rows: query });
  return toSummaries(rows as Row[], limit);
}

/** The dropdown's list (SPEC §2): the most recent conversations. */
export async function listConversations(userId: number, limit = CONVERSATION_MENU_SIZE) {
  return (await listConversationPage(userId, { limit })).data;
}

/**
 * Where a conversation in the dropdown leads (SPEC §2): a direct chat goes to
 * /chat/@{username} of the other person; without a username, to the conversation itself
 * (/chat/{id}, decision 050); a group to its own page, /chat/{id} (decision 060).
 */
export function conversationHref(conversation: Pick<ConversationSummary, "id" | "type" | "participants">) {
  if (conversation.type !== 0) return `/chat/${conversation.id}`;
  const other = conversation.participants[0];
  return other?.username ? chatPath({ id: other.userId, username: other.username }) : `/chat/${conversation.id}`;
}
