import { sql } from "drizzle-orm";
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
    // And each side's username and avatar (decision 198), kept by the triggers of migration 0039:
    // a page of /profile/friends is then read from the index alone, a row per person shown.
    requesterUsername: text("requester_username"),
    addresseeUsername: text("addressee_username"),
    requesterAvatar: text("requester_avatar").notNull().default("default"),
    addresseeAvatar: text("addressee_avatar").notNull().default("default"),
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
      table.addresseeUsername,
      table.addresseeAvatar,
    ),
    index("friendships_addressee_name").on(
      table.addresseeId,
      table.status,
      table.requesterName,
      table.requesterId,
      table.createdAt,
      table.acceptedAt,
      table.requesterUsername,
      table.requesterAvatar,
    ),
    // Requests waiting for an answer, newest first (decision 221): the friends page shows the
    // newest few and "See all requests" pages on from there. Pending rows only: an accepted
    // friendship leaves it. Covering, as the name indexes are.
    index("friendships_requests_newest")
      .on(
        table.addresseeId,
        table.createdAt,
        table.requesterId,
        table.requesterName,
        table.requesterUsername,
        table.requesterAvatar,
      )
      .where(sql`status = 'pending'`),
  ],
);
