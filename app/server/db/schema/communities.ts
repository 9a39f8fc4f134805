import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { schools } from "./schools";
import { users } from "./users";

export const COMMUNITY_CATEGORIES = [
  "pto",
  "classroom",
  "school",
  "district",
  "team",
  "club",
  "parents",
  "services",
] as const;

export const communities = sqliteTable(
  "communities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    category: text("category", { enum: COMMUNITY_CATEGORIES }).notNull(),
    description: text("description").notNull().default(""),
    joinPolicy: text("join_policy", { enum: ["open", "request", "invite"] })
      .notNull()
      .default("open"),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "set null" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // --- communities area (docs/decisions/045-community-rules.md) ---
    // Who may post: every active member, or only owners and managers.
    postPolicy: text("post_policy", { enum: ["all", "managers"] })
      .notNull()
      .default("all"),
    // Members' posts wait for a manager's approval (managers' own posts never do).
    requiresApproval: integer("requires_approval", { mode: "boolean" }).notNull().default(false),
    avatar: text("avatar").notNull().default("default"),
    // --- end communities area ---
  },
  (table) => [index("communities_school").on(table.schoolId)],
);

export const communityMembers = sqliteTable(
  "community_members",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "manager", "member"] }).notNull(),
    // communities area: "pending" is a request to join, "invited" an invitation not yet answered.
    status: text("status", { enum: ["active", "pending", "invited"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.userId] }),
    index("community_members_user").on(table.userId),
    // The memberships a user manages (decision 196): "may add events" reads one index entry, not
    // every membership. Its queries state these terms literally, or SQLite cannot use it.
    index("community_members_managing").on(table.userId).where(sql`role IN ('owner', 'manager') AND status = 'active'`),
  ],
);
