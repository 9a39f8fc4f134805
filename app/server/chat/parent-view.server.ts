import { type SQL, sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { familyEitherWaySql, isStudentSql, staffOfSql } from "~/server/users/students-sql.server";

/**
 * A parent reads their child's conversations with staff (issue 26 item 2, decision 185).
 * A conversation is a student's staff conversation when the student is in it, at least one
 * other participant is staff of the student (an owner or manager of a community the student is
 * active in), and everyone else in it is staff or the student's confirmed parent: no other
 * student's or adult's words reach a parent who is not theirs. A confirmed linked parent
 * (decision 158) reads such a conversation and never writes in it (`parent_read_only`);
 * its participants are told so.
 */

/** Whether conversation `cid` is a staff conversation of `student` (a participant of it). */
function staffOnlySql(cid: SQL, student: SQL): SQL {
  return sql`(${isStudentSql(student)}
    AND EXISTS (SELECT 1 FROM conversation_participants st WHERE st.conversation_id = ${cid}
      AND st.user_id != ${student} AND ${staffOfSql(sql`st.user_id`, student)})
    AND NOT EXISTS (SELECT 1 FROM conversation_participants ot WHERE ot.conversation_id = ${cid}
      AND ot.user_id != ${student} AND NOT ${staffOfSql(sql`ot.user_id`, student)}
      AND NOT ${familyEitherWaySql(sql`ot.user_id`, student)}))`;
}

/** Whether `viewerId` reads conversation `cid` as the confirmed parent of a student in it. */
export function parentReaderSql(viewerId: number | SQL, cid: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM conversation_participants ch
    JOIN family_links pfl ON pfl.child_id = ch.user_id AND pfl.parent_id = ${viewerId} AND pfl.state = 'confirmed'
    WHERE ch.conversation_id = ${cid} AND ${staffOnlySql(cid, sql`ch.user_id`)})`;
}

/** Whether conversation `cid` is a student's staff conversation: its parents may read it. */
export function parentsSeeSql(cid: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM conversation_participants ch
    WHERE ch.conversation_id = ${cid} AND ${staffOnlySql(cid, sql`ch.user_id`)})`;
}

/**
 * Whether a direct chat between `viewerId` and `other`, not started yet, would be one: a
 * student and their staff. The new chat's page says so before the first message.
 */
export function parentsWouldSeeSql(viewerId: number | SQL, other: SQL): SQL {
  return sql`((${isStudentSql(other)} AND ${staffOfSql(viewerId, other)})
    OR (${isStudentSql(viewerId)} AND ${staffOfSql(other, viewerId)}))`;
}

export type ChildConversation = {
  id: number;
  childId: number;
  /** The other participants' names (staff, or the child's other parent), comma-separated. */
  withNames: string;
  updatedAt: number;
};

/** How many of a child's staff conversations /profile/family lists (the newest first). */
export const CHILD_CONVERSATIONS_SHOWN = 50;

/**
 * /profile/family's list: each confirmed child's staff conversations, newest first, the
 * other people named. Driven from the parent's confirmed links, so nothing else is scanned.
 */
export async function listChildConversations(parentId: number): Promise<ChildConversation[]> {
  const { conversations } = await batch({
    conversations: sqlRows<ChildConversation>(sql`
      SELECT c.id, ch.user_id AS childId, c.updated_at AS updatedAt,
        (SELECT group_concat(u.name, ', ') FROM conversation_participants o JOIN users u ON u.id = o.user_id
          WHERE o.conversation_id = c.id AND o.user_id != ch.user_id AND o.user_id != ${parentId}
            AND ${activeUser("u")}) AS withNames
      FROM family_links fl
      JOIN conversation_participants ch ON ch.user_id = fl.child_id
      JOIN conversations c ON c.id = ch.conversation_id
      WHERE fl.parent_id = ${parentId} AND fl.state = 'confirmed' AND ${staffOnlySql(sql`c.id`, sql`ch.user_id`)}
      ORDER BY c.updated_at DESC, c.id DESC LIMIT ${CHILD_CONVERSATIONS_SHOWN}`),
  });
  return conversations.map((row) => ({ ...row, withNames: row.withNames ?? "" }));
}
