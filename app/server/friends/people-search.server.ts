import { and, asc, ne, or, sql } from "drizzle-orm";
import type { UserInfo } from "~/lib/friend-status";
import { USER_SEARCH_LIMIT, USER_SEARCH_MIN_LENGTH } from "~/lib/user-search";
import { getDb, schema } from "~/server/db/db.server";
import { cardColumns, withFriendStatus } from "~/server/friends/relation.server";
import { activeUser } from "~/server/users/active-user.server";

const u = schema.users;

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * /profile/friends search: people by name or username (a leading "@" is ignored), with the
 * viewer's friendStatus for each. Never the viewer, never deleted or unactivated accounts.
 */
export async function searchUsers(viewerId: number, query: string): Promise<UserInfo[]> {
  const text = query.trim().replace(/^@/, "");
  if (text.length < USER_SEARCH_MIN_LENGTH) return [];
  const pattern = containsPattern(text);
  const cards = await getDb()
    .select(cardColumns)
    .from(u)
    .where(
      and(
        activeUser(),
        ne(u.id, viewerId),
        or(sql`${u.name} LIKE ${pattern} ESCAPE '\\'`, sql`${u.username} LIKE ${pattern} ESCAPE '\\'`),
      ),
    )
    .orderBy(asc(u.name), asc(u.id))
    .limit(USER_SEARCH_LIMIT);
  return withFriendStatus(viewerId, cards);
}
