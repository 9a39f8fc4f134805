import { type SQL, sql } from "drizzle-orm";
import { single, sqlRows } from "~/server/db/batch.server";

/**
 * SQL forms of decision 045's rules, for writes that check and act in one statement (one D1
 * round trip, and no gap between the check and the write). They mirror app/server/communities/rules.ts.
 */

/** The post `postId` exists and the viewer may see it: the community's content, and a pending post only as author or manager. */
export function visiblePostSql(viewerId: number, postId: SQL | number) {
  return sql`EXISTS (SELECT 1 FROM posts vp
    JOIN communities vc ON vc.id = vp.community_id
    LEFT JOIN community_members vm ON vm.community_id = vp.community_id AND vm.user_id = ${viewerId} AND vm.status = 'active'
    WHERE vp.id = ${postId}
      AND (vc.join_policy = 'open' OR vm.user_id IS NOT NULL)
      AND (vp.status = 'published' OR vp.author_id = ${viewerId} OR vm.role IN ('owner', 'manager')))`;
}

/** The viewer is an active owner or manager of the community `communityId`. */
export function managesSql(viewerId: number, communityId: SQL | number) {
  return sql`EXISTS (SELECT 1 FROM community_members mm
    WHERE mm.community_id = ${communityId} AND mm.user_id = ${viewerId} AND mm.status = 'active' AND mm.role IN ('owner', 'manager'))`;
}

/** The viewer is an active owner of the community `communityId`. */
export function ownsSql(viewerId: number, communityId: SQL | number) {
  return sql`EXISTS (SELECT 1 FROM community_members oo WHERE oo.community_id = ${communityId}
    AND oo.user_id = ${viewerId} AND oo.role = 'owner' AND oo.status = 'active')`;
}

/** The community keeps an active owner besides `userId` (decision 045: never none). */
export function anotherOwnerSql(communityId: SQL | number, userId: SQL | number) {
  return sql`EXISTS (SELECT 1 FROM community_members o2 WHERE o2.community_id = ${communityId}
    AND o2.user_id != ${userId} AND o2.role = 'owner' AND o2.status = 'active')`;
}

/**
 * Whether `actorId` may remove the member `targetId`, whose role is `role` (decision 045): a
 * member, by any manager; a manager or an owner, only by an owner, and an owner only while
 * another owner stays. The caller checks that the actor manages the community at all. Shared by
 * the members page's Remove and the report queue's remove and ban.
 */
export function removableMemberSql(actorId: number, communityId: SQL | number, targetId: SQL | number, role: SQL) {
  return sql`(${role} = 'member' OR (${ownsSql(actorId, communityId)}
    AND (${role} = 'manager' OR ${anotherOwnerSql(communityId, targetId)})))`;
}

/**
 * Whether `key` is an image of post `postId` and the viewer may see that post (decision 066):
 * an image is served to exactly those who may see its post; for everyone else it does not exist.
 */
export async function mayViewPostImage(viewerId: number, postId: number, key: string) {
  const rows = await single(
    sqlRows<{ ok: number }>(sql`SELECT 1 AS ok FROM posts p
    WHERE p.id = ${postId} AND ${visiblePostSql(viewerId, postId)}
      AND EXISTS (SELECT 1 FROM json_each(p.images) WHERE json_extract(value, '$.key') = ${key})`),
  );
  return rows.length > 0;
}
