import { type SQL, sql } from "drizzle-orm";
import { activeUser } from "~/server/users/active-user.server";
import { blockedEitherWaySql } from "~/server/users/blocks-sql.server";

/**
 * Who may message whom (docs/decisions/050-chat-routes-and-sending.md): the other person is
 * an available account (not deleted, activated) and is a friend, or shares a community where
 * both are active members. One SQL condition, so the check and the write share a batch and
 * nobody can slip a message in between an unfriending and the check. A block either way
 * (decision 160) ends it: the blocked person cannot message the blocker, nor the blocker them.
 */
export function mayMessageSql(viewerId: number, other: SQL): SQL {
  return sql`(
    EXISTS (SELECT 1 FROM users ou WHERE ou.id = ${other} AND ${activeUser("ou")})
    AND NOT ${blockedEitherWaySql(viewerId, other)}
    AND (
      EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted'
        AND ((f.requester_id = ${viewerId} AND f.addressee_id = ${other})
          OR (f.requester_id = ${other} AND f.addressee_id = ${viewerId})))
      OR EXISTS (SELECT 1 FROM community_members a JOIN community_members b ON b.community_id = a.community_id
        WHERE a.user_id = ${viewerId} AND a.status = 'active' AND b.user_id = ${other} AND b.status = 'active')
    )
  )`;
}

/**
 * Everyone the viewer may message, as a subquery of user ids: the same rule as mayMessageSql
 * (friends, and active members of a shared community), driven from the viewer's own rows so
 * the "New group" and "Add people" lists never scan every user, without anyone blocked either
 * way. Availability is the caller's.
 */
export function contactIdsSql(viewerId: number): SQL {
  return sql`(
    SELECT CASE WHEN f.requester_id = ${viewerId} THEN f.addressee_id ELSE f.requester_id END
      FROM friendships f
      WHERE f.status = 'accepted' AND (f.requester_id = ${viewerId} OR f.addressee_id = ${viewerId})
    UNION
    SELECT b.user_id FROM community_members a JOIN community_members b ON b.community_id = a.community_id
      WHERE a.user_id = ${viewerId} AND a.status = 'active' AND b.status = 'active'
    EXCEPT
    SELECT CASE WHEN bk.blocker_id = ${viewerId} THEN bk.blocked_id ELSE bk.blocker_id END
      FROM blocks bk WHERE bk.blocker_id = ${viewerId} OR bk.blocked_id = ${viewerId}
  )`;
}

/**
 * Whether the viewer may write into conversation `conversationId`: a participant, and in a
 * direct chat the other person is still someone they may message. Groups need membership only.
 */
export function mayWriteSql(viewerId: number, conversationId: SQL): SQL {
  return sql`(
    EXISTS (SELECT 1 FROM conversation_participants me
      WHERE me.conversation_id = ${conversationId} AND me.user_id = ${viewerId})
    AND (
      (SELECT type FROM conversations WHERE id = ${conversationId}) != 0
      OR EXISTS (SELECT 1 FROM conversation_participants op
        WHERE op.conversation_id = ${conversationId} AND op.user_id != ${viewerId}
          AND ${mayMessageSql(viewerId, sql`op.user_id`)})
    )
  )`;
}

/** The key of the direct chat between two people (decision 050): one per pair. */
export function directKey(a: number, b: number) {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
