import { and, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";

/**
 * The users area's entry (docs/decisions/025-how-an-area-is-laid-out.md): the one loader of a
 * whole user row, for services that act on the account (settings, email change, deletion).
 * Deleted accounts are not found.
 */
export async function getUserById(userId: number) {
  return getDb().query.users.findFirst({
    where: and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)),
  });
}
