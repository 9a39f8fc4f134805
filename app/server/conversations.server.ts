import { desc, eq, sql } from "drizzle-orm";
import { type BatchPart, batchPart, runBatch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";

/** SPEC §3 Conversation, as the header dropdown and GET /api/v2/conversation show it. */
export type ConversationSummary = {
  id: number;
  /** 0 is a direct chat between two people (SPEC §3). */
  type: number;
  participants: { userId: number; username: string | null; name: string }[];
  lastMessage: { senderId: number | null; content: string; createdAt: number } | null;
  unread: number;
};

export const CONVERSATION_MENU_SIZE = 10;

type Row = { id: number; type: number; participants: string; last_message: string | null; unread: number };

/**
 * A user's conversations, most recently active first, with the other participants, the last
 * message and how many messages from others arrived after the user last read. One query.
 * Deleted accounts keep their rows with an empty name, so they show as "Unknown User".
 */
export function conversationsPart(userId: number, limit = CONVERSATION_MENU_SIZE): BatchPart<ConversationSummary[]> {
  // A select (not db.all) so it can join a batch: drizzle batches only prepared queries.
  const c = schema.conversations;
  const me = schema.conversationParticipants;
  const query = getDb()
    .select({
      id: c.id,
      type: c.type,
      participants: sql<string>`(SELECT json_group_array(json_object('userId', u.id, 'username', u.username, 'name', u.name))
         FROM conversation_participants other JOIN users u ON u.id = other.user_id
        WHERE other.conversation_id = ${c.id} AND other.user_id != ${userId})`,
      last_message: sql<
        string | null
      >`(SELECT json_object('senderId', m.sender_id, 'content', m.content, 'createdAt', m.created_at)
         FROM messages m WHERE m.conversation_id = ${c.id}
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`,
      unread: sql<number>`(SELECT count(*) FROM messages m
        WHERE m.conversation_id = ${c.id} AND m.created_at > ${me.lastReadAt}
          AND (m.sender_id IS NULL OR m.sender_id != ${userId}))`,
    })
    .from(me)
    .innerJoin(c, eq(c.id, me.conversationId))
    .where(eq(me.userId, userId))
    .orderBy(desc(c.updatedAt), desc(c.id))
    .limit(limit);
  return batchPart([query], ([rows]) => (rows as Row[]).map(toSummary));
}

export async function listConversations(userId: number, limit = CONVERSATION_MENU_SIZE) {
  const { conversations } = await runBatch({ conversations: conversationsPart(userId, limit) });
  return conversations;
}

function toSummary(row: Row): ConversationSummary {
  return {
    id: row.id,
    type: row.type,
    participants: JSON.parse(row.participants),
    lastMessage: row.last_message ? JSON.parse(row.last_message) : null,
    unread: row.unread,
  };
}

/**
 * Where a conversation in the dropdown leads (SPEC §2): a direct chat goes to
 * /chat/@{username} of the other person, or /chat/{id} when they have no username; any
 * other conversation goes to /chat.
 */
export function conversationHref(conversation: Pick<ConversationSummary, "type" | "participants">) {
  if (conversation.type !== 0) return "/chat";
  const other = conversation.participants[0];
  if (!other) return "/chat";
  return other.username ? `/chat/@${other.username}` : `/chat/${other.userId}`;
}
