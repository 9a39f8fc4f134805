import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const notifications = sqliteTable(
  "notifications",
  {
    oid: text("oid").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    seen: integer("seen", { mode: "boolean" }).notNull().default(false),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    // --- hardening: who the notification is about (decision 070) ---
    // The person whose name the title shows, and the title with that name left open
    // (ACTOR_MARK): deleting their account rewrites the title with "Unknown User" (SPEC §2).
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorTitle: text("actor_title"),
  },
  (table) => [
    index("notifications_user_created").on(table.userId, table.createdAt),
    index("notifications_actor").on(table.actorId),
    // The header's unread total reads only the unread rows, and its list the newest in index
    // order, however long the history (issue 27, decision 167).
    index("notifications_user_unread").on(table.userId, table.deleted, table.seen),
    index("notifications_user_list").on(table.userId, table.deleted, table.createdAt, table.oid),
  ],
);

// ---------------------------------------------------------------------------------------------
// Message inbox area (/messagesold): decisions 063–065.
