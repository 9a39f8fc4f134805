import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, textLanguage } from "./columns";
import { users } from "./users";

export const conversations = sqliteTable("conversations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // 0 is a direct chat between two people, 1 a group (SPEC §3).
  type: integer("type").notNull(),
  title: text("title"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at").notNull(),
  // --- chat (decision 050) ---
  // "<smaller user id>:<larger user id>" for a direct chat, null for a group: the unique index
  // makes two concurrent first messages between the same people land in one conversation.
  directKey: text("direct_key").unique(),
  // --- chat groups (decision 060) ---
  // "<creator id>:<client key>" for a group: the unique index makes creating a group idempotent
  // (a double submit or an app's retry lands in the same group), and lets the creating batch find
  // the new row without last_insert_rowid(). Null for direct chats.
  createKey: text("create_key").unique(),
});

export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: integer("last_read_at").notNull().default(0),
    // --- rows read (decision 179) ---
    // A copy of conversations.updated_at, kept by triggers (migration 0030), so that a person's
    // conversations come most recent first straight from the index below: the chat menu on every
    // page reads ten rows, not all the conversations the person ever had.
    updatedAt: integer("updated_at").notNull().default(0),
    // --- unread totals (decision 190) ---
    // Messages from others after last_read_at, not removed: kept by triggers (migration 0035), so
    // the chat menu on every page reads this number instead of counting unread messages.
    unread: integer("unread").notNull().default(0),
    // --- a row per conversation listed (decision 197) ---
    // Copies kept by triggers (migration 0038), so that the chat menu and /chat read each listed
    // conversation from this row alone: the conversation's type and title, the other person of a
    // direct chat (null for a group, or when they are gone) with their name, username and avatar,
    // and the conversation's last visible message.
    conversationType: integer("conversation_type").notNull().default(0),
    conversationTitle: text("conversation_title"),
    peerId: integer("peer_id"),
    peerName: text("peer_name"),
    peerUsername: text("peer_username"),
    peerAvatar: text("peer_avatar"),
    lastMessageId: integer("last_message_id"),
    lastSenderId: integer("last_sender_id"),
    lastContent: text("last_content"),
    lastCreatedAt: integer("last_created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_participants_user").on(table.userId),
    index("conversation_participants_user_updated").on(table.userId, table.updatedAt, table.conversationId),
    // A rename or a new avatar reaches the copies of the people who chat with them (decision 197).
    index("conversation_participants_peer").on(table.peerId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    clientMsgId: text("client_msg_id"),
    disposition: integer("disposition").notNull().default(0),
    createdAt: createdAt(),
    ...textLanguage(),
  },
  (table) => [
    index("messages_conversation_created").on(table.conversationId, table.createdAt, table.id),
    // The visible messages only (not removed: REMOVED_DISPOSITIONS, decision 051), in the page's
    // order: a page of 50 reads 50 index rows, not each row's table row to test its disposition
    // (decision 197). The statements name the same condition, `m.disposition NOT IN (1, 2, 3)`.
    index("messages_visible")
      .on(table.conversationId, table.createdAt, table.id)
      .where(sql`disposition NOT IN (1, 2, 3)`),
    uniqueIndex("messages_client_msg_unique").on(table.senderId, table.clientMsgId),
  ],
);
