import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Accounts that belong to a student (issue 26 item 1, decision 175). A row means "student";
 * the messaging rule (`server/chat/permission.server.ts`) and the consent rule
 * (`server/users/students-sql.server.ts`) read it. Set by a linked parent (or a class's teacher);
 * the student cannot unset it.
 */
export const studentAccounts = sqliteTable("student_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  birthYear: integer("birth_year").notNull(),
  // Who marked the account (null: the student at registration).
  setBy: integer("set_by").references(() => users.id, { onDelete: "set null" }),
  // A linked parent's consent for a student who may be under 13 (null: none yet).
  consentBy: integer("consent_by").references(() => users.id, { onDelete: "set null" }),
  consentAt: integer("consent_at"),
  // 1: a linked parent turned off conversations with other students.
  peersOff: integer("peers_off").notNull().default(0),
  createdAt: createdAt(),
});
