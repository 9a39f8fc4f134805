import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const friendships = sqliteTable(
  "friendships",
  {
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: integer("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "accepted"] }).notNull(),
    createdAt: createdAt(),
    acceptedAt: integer("accepted_at"),
  },
  (table) => [
    primaryKey({ columns: [table.requesterId, table.addresseeId] }),
    index("friendships_addressee").on(table.addresseeId, table.status),
  ],
);
