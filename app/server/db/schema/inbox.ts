import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, textLanguage } from "./columns";
import { users } from "./users";

/** The /messagesold inbox: one message, many recipients, optional attachments in R2. */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    replyToId: integer("reply_to_id"),
    /** The first message of the thread; null on that first message itself (decision 063). */
    threadId: integer("thread_id"),
    /** Makes a send idempotent: a resubmitted form or API call finds the stored message. */
    clientKey: text("client_key"),
    /** The request that created the row: its recipients, files and notifications go with it. */
    sendId: text("send_id"),
    /** The sender deleted their copy (delete for oneself); recipients keep theirs. */
    senderDeletedAt: integer("sender_deleted_at"),
    createdAt: createdAt(),
    ...textLanguage(),
  },
  (table) => [
    uniqueIndex("mail_messages_client_key_unique").on(table.senderId, table.clientKey),
    index("mail_messages_sender_created").on(table.senderId, table.createdAt),
    index("mail_messages_thread").on(table.threadId),
  ],
);

export const mailRecipients = sqliteTable(
  "mail_recipients",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: integer("read_at"),
    deletedAt: integer("deleted_at"),
    /**
     * A copy of the message's `created_at`, kept by a trigger of migration 0034 (decision 187):
     * the inbox's page is read in this order from the index below, not sorted from every copy.
     */
    createdAt: integer("created_at").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index("mail_recipients_user").on(table.userId, table.messageId),
    index("mail_recipients_user_created").on(table.userId, table.deletedAt, table.createdAt, table.messageId),
    // The header's unread total on every page reads only the unread rows (issue 27, decision 167).
    index("mail_recipients_user_unread").on(table.userId, table.readAt, table.deletedAt),
  ],
);

export const attachments = sqliteTable(
  "attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: integer("message_id").references(() => mailMessages.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("attachments_message").on(table.messageId)],
);
// End of the message inbox area.
// ---------------------------------------------------------------------------------------------
