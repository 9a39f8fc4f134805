import { and, asc, eq, sql } from "drizzle-orm";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { cardColumns, pairRows, relationOf, toUserInfo } from "~/server/friends/relation.server";
import { activeUser } from "~/server/users/active-user.server";
import { blockedBySql } from "~/server/users/blocks-sql.server";

/**
 * Another user's public profile (/users/{id}): their card as the viewer sees it (with
 * friendStatus), whether the viewer blocked them (decision 160) and the communities they
 * actively belong to that the viewer may see the members of: an open one, or one the viewer is
 * an active member of too (decision 045: a closed community's members are its members' to see).
 * Null when unavailable (SPEC §2).
 */
export async function getPublicProfile(viewerId: number, userId: number) {
  const db = getDb();
  const u = schema.users;
  const { users, rows, communities } = await batch({
    users: db
      .select({ ...cardColumns, createdAt: u.createdAt, blocked: sql<number>`${blockedBySql(viewerId, sql`${u.id}`)}` })
      .from(u)
      .where(and(eq(u.id, userId), activeUser())),
    rows: pairRows(viewerId, userId),
    communities: db
      .select({ id: schema.communities.id, name: schema.communities.name, category: schema.communities.category })
      .from(schema.communityMembers)
      .innerJoin(schema.communities, eq(schema.communityMembers.communityId, schema.communities.id))
      .where(
        and(
          eq(schema.communityMembers.userId, userId),
          eq(schema.communityMembers.status, "active"),
          sql`(${schema.communities.joinPolicy} = 'open' OR EXISTS (SELECT 1 FROM community_members vm
            WHERE vm.community_id = ${schema.communities.id} AND vm.user_id = ${viewerId} AND vm.status = 'active'))`,
        ),
      )
      .orderBy(asc(schema.communities.name)),
  });
  const user = users[0];
  if (!user) return null;
  return {
    user: toUserInfo(user, relationOf(viewerId, rows)),
    createdAt: user.createdAt,
    blocked: Boolean(user.blocked),
    communities,
  };
}
