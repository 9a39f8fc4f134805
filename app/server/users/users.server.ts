import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";

const u = schema.users;

/**
 * How a service names the user it wants: by id, by email, or by what someone typed to sign in
 * (their email or their username). Emails and usernames match case-insensitively, like the
 * unique indexes.
 */
export type UserKey = { id: number } | { email: string } | { identifier: string };

function whereKey(key: UserKey): SQL {
  if ("id" in key) return eq(u.id, key.id);
  if ("email" in key) return sql`lower(${u.email}) = ${key.email.trim().toLowerCase()}`;
  const value = key.identifier.trim().toLowerCase();
  return or(sql`lower(${u.email}) = ${value}`, sql`lower(${u.username}) = ${value}`)!;
}

/**
 * The users area's entry (docs/decisions/025-how-an-area-is-laid-out.md): the one loader of a
 * whole user row, for services that act on the account (sign-in, registration, recovery,
 * settings, email change, deletion, social sign-in). Deleted accounts are not found.
 */
export async function findUser(key: UserKey) {
  const rows = await single(
    getDb()
      .select()
      .from(u)
      .where(and(whereKey(key), isNull(u.deletedAt)))
      .limit(1),
  );
  return rows[0];
}

/** `findUser` by id. */
export function getUserById(userId: number) {
  return findUser({ id: userId });
}

/**
 * `getUserById` as a query not yet run, for a batch (decision 041): its rows, at most one. A
 * select, not `query.users.findFirst`, whose result mapping fails inside a D1 batch.
 */
export function userByIdQuery(userId: number) {
  return getDb()
    .select()
    .from(u)
    .where(and(whereKey({ id: userId }), isNull(u.deletedAt)))
    .limit(1);
}

/**
 * Is this address held by any account but `exceptUserId`? Deleted accounts count: their rows
 * keep the unique index's entries (decision 017).
 */
export async function isEmailTaken(email: string, exceptUserId?: number) {
  const rows = await single(
    getDb()
      .select({ id: u.id })
      .from(u)
      .where(and(whereKey({ email }), exceptUserId === undefined ? undefined : ne(u.id, exceptUserId)))
      .limit(1),
  );
  return rows.length > 0;
}
