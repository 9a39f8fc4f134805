import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
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
