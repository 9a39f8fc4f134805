import { sql } from "drizzle-orm";
import { getConfig } from "~/server/config.server";
import { activeUser } from "~/server/users/active-user.server";

/**
 * Operators (decision 186): the people who run this deploy of SchoolHub and moderate what
 * belongs to no community: reported chat and inbox messages and reported people. They are named
 * by email in OPERATOR_EMAILS; an operator's account must be active with that email verified.
 * A condition for a statement's WHERE, so every check rides in the statement that acts.
 */
export function isOperatorSql(userId: number) {
  const emails = JSON.stringify(getConfig().OPERATOR_EMAILS);
  return sql`EXISTS (SELECT 1 FROM users op WHERE op.id = ${userId} AND ${activeUser("op")}
    AND op.email_verified_at IS NOT NULL AND lower(op.email) IN (SELECT value FROM json_each(${emails})))`;
}
