import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "apple"] }).notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index("oauth_accounts_user").on(table.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    hash: text("hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Every token of one sign-in shares a family; reuse of a rotated token revokes it whole.
    family: text("family").notNull(),
    expiresAt: integer("expires_at").notNull(),
    rotatedFrom: integer("rotated_from"),
    rotatedAt: integer("rotated_at"),
    revokedAt: integer("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_user").on(table.userId), index("refresh_tokens_family").on(table.family)],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: ["activate", "reset", "verify"] }).notNull(),
    hash: text("hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // For "verify": the new address that the link confirms.
    email: text("email"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("email_tokens_user").on(table.userId, table.purpose)],
);

/** Fixed-window counters for sign-in, reset and activation limits, keyed by account or IP. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
