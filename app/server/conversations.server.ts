import { sql } from "drizzle-orm";
import { chatPath } from "~/lib/friend-status";
import { getDb } from "~/server/db/db.server";

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
export async function listConversations(
  userId: number,
  limit = CONVERSATION_MENU_SIZE,
): Promise<ConversationSummary[]> {
  const rows = await getDb().all<Row>(sql`
    SELECT c.id, c.type,
      (SELECT json_group_array(json_object('userId', u.id, 'username', u.username, 'name', u.name))
         FROM conversation_participants other JOIN users u ON u.id = other.user_id
        WHERE other.conversation_id = c.id AND other.user_id != ${userId}) AS participants,
      (SELECT json_object('senderId', m.sender_id, 'content', m.content, 'createdAt', m.created_at)
         FROM messages m WHERE m.conversation_id = c.id
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message,
      (SELECT count(*) FROM messages m
        WHERE m.conversation_id = c.id AND m.created_at > me.last_read_at
          AND (m.sender_id IS NULL OR m.sender_id != ${userId})) AS unread
    FROM conversation_participants me
    JOIN conversations c ON c.id = me.conversation_id
    WHERE me.user_id = ${userId}
    ORDER BY c.updated_at DESC, c.id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    participants: JSON.parse(row.participants),
    lastMessage: row.last_message ? JSON.parse(row.last_message) : null,
    unread: row.unread,
  }));
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
  return chatPath({ id: other.userId, username: other.username });
}
