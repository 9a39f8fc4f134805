import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { communities } from "./communities";
import { users } from "./users";

/**
 * A parent linked to a child's account (issue 25 item 4, decision 158). The parent asks with the
 * code the child's account shows (`familyCodes`); the link stays "pending" until the child or a
 * manager of one of the child's communities confirms it. Only "confirmed" links mean anything to
 * other areas (read them through `server/families/links.server.ts`).
 */
export const familyLinks = sqliteTable(
  "family_links",
  {
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: integer("child_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["pending", "confirmed"] }).notNull(),
    // The child's code the parent entered (kept to show which code asked; codes rotate).
    code: text("code").notNull(),
    confirmedBy: integer("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: integer("confirmed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.parentId, table.childId] }),
    index("family_links_child").on(table.childId, table.state),
  ],
);

/** The code a child's account shows to a parent who wants to link (one per account, rotatable). */
export const familyCodes = sqliteTable(
  "family_codes",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("family_codes_code").on(table.code)],
);

/**
 * A parent of one of a class roster's students (issue 25 item 4, decision 174): students of a
 * young class often have no account, so the roster names them (`roster_invitations.student`).
 * A parent who joins with the class code names their child among them ("pending" until a
 * manager of the community confirms); a parent who joins through the roster's own invitation
 * is confirmed at once (the manager's roster said so). The members list reads confirmed rows
 * only, and only its managers and the parent see them.
 */
export const rosterParents = sqliteTable(
  "roster_parents",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    student: text("student").notNull(),
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["pending", "confirmed"] }).notNull(),
    confirmedBy: integer("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: integer("confirmed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.parentId, table.student] }),
    index("roster_parents_parent").on(table.parentId),
  ],
);
