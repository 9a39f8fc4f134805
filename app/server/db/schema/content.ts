import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, textLanguage } from "./columns";
import { communities } from "./communities";
import { users } from "./users";

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for a post on the author's own profile.
    communityId: integer("community_id").references(() => communities.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    editedAt: integer("edited_at"),
    // --- posts area (docs/decisions/046-posts-and-feed.md) ---
    // "pending" posts wait for a manager; only their author and the managers see them.
    status: text("status", { enum: ["published", "pending"] })
      .notNull()
      .default("published"),
    pinnedAt: integer("pinned_at"),
    // --- end posts area ---
    // --- urgent posts (docs/decisions/183-urgent-posts.md): when and by whom, null for ordinary posts ---
    urgentAt: integer("urgent_at"),
    urgentBy: integer("urgent_by").references(() => users.id, { onDelete: "set null" }),
    // --- end urgent posts ---
    // --- post images (docs/decisions/066-post-images.md): up to 4 {key, width, height}, R2 keys ---
    images: text("images", { mode: "json" })
      .$type<{ key: string; width: number; height: number }[]>()
      .notNull()
      .default(sql`'[]'`),
    // --- end post images ---
    ...textLanguage(),
  },
  (table) => [
    index("posts_community_created").on(table.communityId, table.createdAt, table.id),
    index("posts_author_created").on(table.authorId, table.createdAt, table.id),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    editedAt: integer("edited_at"),
    ...textLanguage(),
    /** The client's idempotency key (issue 23 item 3): a repeat of (author, key) is the same comment. */
    clientKey: text("client_key"),
  },
  (table) => [
    index("comments_post").on(table.postId, table.createdAt),
    uniqueIndex("comments_author_client_key").on(table.authorId, table.clientKey),
  ],
);

export const likes = sqliteTable(
  "likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: ["post", "comment"] }).notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetType, table.targetId] }),
    index("likes_target").on(table.targetType, table.targetId),
  ],
);

// --- posts area: reports to a community's managers (docs/decisions/046-posts-and-feed.md) ---
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for what belongs to no community (a chat or inbox message, a person): the operators'
    // queue (decision 186).
    communityId: integer("community_id").references(() => communities.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: ["post", "comment", "message", "mail", "user"] }).notNull(),
    targetId: integer("target_id").notNull(),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("reports_community").on(table.communityId, table.createdAt)],
);
// --- end posts area ---
