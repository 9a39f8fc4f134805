import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { communities } from "./communities";
import { users } from "./users";

/**
 * A community's join code and invitation link (issue 25 item 1, decision 155). One row per
 * community; rotating replaces both values, so the old ones stop at once. `enabled` false turns
 * both off; `expiresAt` (UTC ms) ends them.
 */
export const communityInvites = sqliteTable(
  "community_invites",
  {
    communityId: integer("community_id")
      .primaryKey()
      .references(() => communities.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    token: text("token").notNull(),
    // SHA-256 (hex) of each: a try is looked up by its hash, so lookup time says nothing of the
    // secret (decision 155); the found row is then compared in constant time.
    codeHash: text("code_hash").notNull(),
    tokenHash: text("token_hash").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("community_invites_code").on(table.codeHash),
    uniqueIndex("community_invites_token").on(table.tokenHash),
  ],
);

/** How each member came in through an invitation: managers see the counts per method. */
export const communityJoins = sqliteTable(
  "community_joins",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["code", "link", "email"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.communityId, table.userId] })],
);
