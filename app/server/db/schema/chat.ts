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
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_participants_user").on(table.userId),
    index("conversation_participants_user_updated").on(table.userId, table.updatedAt, table.conversationId),
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
    uniqueIndex("messages_client_msg_unique").on(table.senderId, table.clientMsgId),
  ],
);
