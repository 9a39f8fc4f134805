import { sql } from "drizzle-orm";
import { communityWithMembershipQuery, managesSql } from "~/server/communities/communities.server";
import { managerAccess } from "~/server/communities/manage.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

/**
 * A class roster's students and their parents (issue 25 item 4, decision 174). The students are
 * the names the roster gave (`roster_invitations.student`); a parent who joined with the class
 * code names their child among them, and a manager confirms. Every rule is in the statement.
 */

const activeMember = (userId: number, communityId: number) => sql`EXISTS (SELECT 1 FROM community_members am
  WHERE am.community_id = ${communityId} AND am.user_id = ${userId} AND am.status = 'active')`;

/** The page after joining: the roster's students (members only) and what this parent has named. */
export async function getChildChoice(viewerId: number, communityId: number) {
  const { community, students, mine } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    students: sqlRows<{ student: string }>(sql`SELECT DISTINCT student FROM roster_invitations
      WHERE community_id = ${communityId} AND student != '' AND ${activeMember(viewerId, communityId)}
      ORDER BY student`),
    mine: sqlRows<{ student: string; state: "pending" | "confirmed" }>(sql`SELECT student, state FROM roster_parents
      WHERE community_id = ${communityId} AND parent_id = ${viewerId} ORDER BY student`),
  });
  const row = community[0];
  if (row?.status !== "active") return null;
  return { community: { id: row.id, name: row.name }, students: students.map((one) => one.student), mine };
}

/** A member names their child among the roster's students: pending until a manager confirms. */
export async function nameChild(actor: Actor, communityId: number, student: string) {
  const { named } = await batchAs(actor, {
    named: sql`INSERT INTO roster_parents (community_id, student, parent_id, state)
      SELECT ${communityId}, ${student}, ${actor.id}, 'pending'
      WHERE ${activeMember(actor.id, communityId)} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
        AND EXISTS (SELECT 1 FROM roster_invitations WHERE community_id = ${communityId} AND student = ${student})
      ON CONFLICT DO NOTHING RETURNING parent_id`,
  });
  return named.length > 0;
}

/**
 * What a manager has to confirm: parents who named a roster student, and parents asking to link
 * to a child account of an active member here (decision 158). One batch.
 */
export async function getFamilyRequests(viewerId: number, communityId: number) {
  const manages = managesSql(viewerId, communityId);
  const { community, claims, links } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    claims: sqlRows<{ parentId: number; parent: string; student: string }>(sql`SELECT rp.parent_id AS parentId,
        u.name AS parent, rp.student AS student
      FROM roster_parents rp JOIN users u ON u.id = rp.parent_id
      WHERE rp.community_id = ${communityId} AND rp.state = 'pending' AND ${manages}
      ORDER BY rp.created_at`),
    links: sqlRows<{ parentId: number; parent: string; childId: number; child: string }>(sql`SELECT
        fl.parent_id AS parentId, p.name AS parent, fl.child_id AS childId, c.name AS child
      FROM family_links fl JOIN users p ON p.id = fl.parent_id JOIN users c ON c.id = fl.child_id
      JOIN community_members cm ON cm.community_id = ${communityId} AND cm.user_id = fl.child_id AND cm.status = 'active'
      WHERE fl.state = 'pending' AND ${manages}
      ORDER BY fl.created_at`),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  return { ...access, claims, links };
}

/** A manager confirms or declines a parent's naming of a roster student. Whether it changed. */
export async function answerRosterParent(
  manager: Actor,
  communityId: number,
  parentId: number,
  student: string,
  confirm: boolean,
  now = Date.now(),
) {
  const mine = sql`community_id = ${communityId} AND parent_id = ${parentId} AND student = ${student}
    AND state = 'pending' AND ${managesSql(manager.id, communityId)}
    AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`;
  const { done } = await batchAs(manager, {
    done: confirm
      ? sql`UPDATE roster_parents SET state = 'confirmed', confirmed_by = ${manager.id}, confirmed_at = ${now}
          WHERE ${mine} RETURNING parent_id`
      : sql`DELETE FROM roster_parents WHERE ${mine} RETURNING parent_id`,
  });
  return done.length > 0;
}
