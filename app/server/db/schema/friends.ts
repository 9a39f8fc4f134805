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
    // Each side's name (decision 191), kept by triggers of migration 0036 (on insert here, on a
    // change of users.name): each side's friends and requests are then read by name from an
    // index, a page at a time, instead of every friendship sorted.
    requesterName: text("requester_name").notNull().default(""),
    addresseeName: text("addressee_name").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.requesterId, table.addresseeId] }),
    index("friendships_requester_name").on(
      table.requesterId,
      table.status,
      table.addresseeName,
      table.addresseeId,
      table.createdAt,
      table.acceptedAt,
    ),
    index("friendships_addressee_name").on(
      table.addresseeId,
      table.status,
      table.requesterName,
      table.requesterId,
      table.createdAt,
      table.acceptedAt,
    ),
  ],
);
