import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * "Download my data" (issue 26 item 5, decision 162): one row per request. The ZIP and the same
 * data as JSON live in R2 under `exports/<userId>/<id>`, for 7 days, readable only by the owner.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "ready", "failed"] }).notNull(),
    size: integer("size"),
    createdAt: createdAt(),
    readyAt: integer("ready_at"),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("data_exports_user").on(table.userId, table.createdAt)],
);
