import { type SQL, sql } from "drizzle-orm";
import { schema } from "~/server/db/db.server";

const { deletedAt, activatedAt } = schema.users;

/**
 * The one definition of an active user (SPEC §2): activated and not deleted. Only an active user
 * may hold a session, be seen, be messaged or be named as an author; anyone else shows as
 * "unavailable". `alias` is the name the statement gives the users table.
 */
export function activeUserText(alias = "users"): string {
  return `(${alias}.${deletedAt.name} IS NULL AND ${alias}.${activatedAt.name} IS NOT NULL)`;
}

/** The same condition for drizzle: builders over `users` and `sql` templates. */
export function activeUser(alias = "users"): SQL {
  return sql.raw(activeUserText(alias));
}
