import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Who blocked whom (issue 26, decision 160). One row per pair and direction; the blocked person
 * is never told. The index on the blocked side answers "has anyone in this list blocked me".
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index("blocks_blocked").on(table.blockedId)],
);
