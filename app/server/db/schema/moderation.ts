import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { communities } from "./communities";
import { users } from "./users";

/**
 * The moderation area (issue 26 item 4, decision 161). `moderation_log` is the audit trail:
 * append-only (the services only ever INSERT into it), and it keeps no foreign keys, so what
 * was done outlives the post, the person or the community it was done to.
 */
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id"),
    actorId: integer("actor_id").notNull(),
    action: text("action", { enum: ["dismiss", "hide", "remove", "warn", "remove_member", "ban"] }).notNull(),
    targetType: text("target_type", { enum: ["post", "comment", "message", "mail", "user"] }).notNull(),
    targetId: integer("target_id").notNull(),
    /** The author of what was reported, when known. */
    subjectId: integer("subject_id"),
    /** What was reported, as it read when the action was taken. */
    excerpt: text("excerpt").notNull(),
    reportCount: integer("report_count").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("moderation_log_community").on(table.communityId, table.createdAt)],
);

/** People banned from a community: they cannot join, request, accept an invitation or use a code. */
export const communityBans = sqliteTable(
  "community_bans",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bannedBy: integer("banned_by"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.communityId, table.userId] })],
);
