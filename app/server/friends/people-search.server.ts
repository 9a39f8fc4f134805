import { and, asc, ne, sql } from "drizzle-orm";
import type { UserInfo } from "~/lib/friend-status";
import { USER_SEARCH_LIMIT, USER_SEARCH_MIN_LENGTH } from "~/lib/user-search";
import { single } from "~/server/db/batch.server";
import { containsText } from "~/server/db/contains-text.server";
import { getDb, schema } from "~/server/db/db.server";
import { cardColumns, type Relation, toUserInfo } from "~/server/friends/relation.server";
import { activeUser } from "~/server/users/active-user.server";
import { blockedEitherWaySql } from "~/server/users/blocks-sql.server";

const u = schema.users;

/**
 * How the viewer stands with the person `u` in the statement itself, so that the search joins the
 * page's one round trip (decision 104) instead of a second read of friendship rows after it. At
 * most one row per pair (relation.server.ts), each side read by the primary key; an accepted row
 * is friends either way, as `relationOf` says.
 */
const relationWith = (viewerId: number) => sql<Relation["kind"] | null>`coalesce(
  (SELECT CASE WHEN fo.status = 'accepted' THEN 'friends' ELSE 'outgoing' END FROM friendships fo
    WHERE fo.requester_id = ${viewerId} AND fo.addressee_id = ${u.id}),
  (SELECT CASE WHEN fi.status = 'accepted' THEN 'friends' ELSE 'incoming' END FROM friendships fi
    WHERE fi.requester_id = ${u.id} AND fi.addressee_id = ${viewerId}))`;

/**
 * /profile/friends search: people by name or username (a leading "@" is ignored), with the
 * viewer's friendStatus for each. Never the viewer, never deleted or unactivated accounts, never
 * someone blocked either way (decision 160).
 * `query` is already within the search limit (~/lib/search-text.ts).
 */
export async function searchUsers(viewerId: number, query: string): Promise<UserInfo[]> {
  const text = query.trim().replace(/^@/, "");
  if (text.length < USER_SEARCH_MIN_LENGTH) return [];
  const cards = await single(
    getDb()
      .select({ ...cardColumns, relation: relationWith(viewerId) })
      .from(u)
      .where(
        and(
          activeUser(),
          ne(u.id, viewerId),
          sql`NOT ${blockedEitherWaySql(viewerId, sql`${u.id}`)}`,
          containsText([u.name, u.username], text),
        ),
      )
      .orderBy(asc(u.name), asc(u.id))
      .limit(USER_SEARCH_LIMIT),
  );
  return cards.map(({ relation, ...card }) => toUserInfo(card, { kind: relation ?? "none" }));
}
