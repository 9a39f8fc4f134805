import { type SQL, sql } from "drizzle-orm";
import { activeUser } from "~/server/users/active-user.server";
import { blockedEitherWaySql } from "~/server/users/blocks-sql.server";
import {
  familyEitherWaySql,
  isStudentSql,
  lacksConsentSql,
  staffOfSql,
  youngestWithoutConsentYear,
} from "~/server/users/students-sql.server";
import { parentReaderSql } from "./parent-view.server";

/**
 * Why `viewerId` may not message `other`, as SQL: NULL when they may, else a reason code
 * (`MessageRefusal`). The one messaging rule (decisions 050, 160, 175), checked inside every
 * write (chat, inbox, group adds), so the check and the write share a batch:
 * - a student who may be under 13 writes nothing until a linked parent consents;
 * - the other person is an available account, and neither blocked the other (a block answers
 *   like a stranger: nothing tells the blocked person);
 * - where a student is one of the two, `studentRuleSql` decides;
 * - otherwise friends, a confirmed family link, or a shared community where both are active.
 */
export function messageRefusalSql(
  viewer: number | SQL,
  other: SQL,
  youngest: number | SQL = youngestWithoutConsentYear(),
): SQL {
  const viewerId = viewerSql(viewer);
  return sql`(CASE
    WHEN ${lacksConsentSql(viewerId, youngest)} THEN 'consent_required'
    WHEN NOT EXISTS (SELECT 1 FROM users ou WHERE ou.id = ${other} AND ${activeUser("ou")})
      OR ${blockedEitherWaySql(viewerId, other)} THEN 'not_a_contact'
    WHEN ${isStudentSql(viewerId)} OR ${isStudentSql(other)} THEN ${studentRuleSql(viewerId, other)}
    WHEN EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted'
        AND ((f.requester_id = ${viewerId} AND f.addressee_id = ${other})
          OR (f.requester_id = ${other} AND f.addressee_id = ${viewerId})))
      OR ${familyEitherWaySql(viewerId, other)}
      OR EXISTS (SELECT 1 FROM community_members a JOIN community_members b ON b.community_id = a.community_id
        WHERE a.user_id = ${viewerId} AND a.status = 'active' AND b.user_id = ${other} AND b.status = 'active')
      THEN NULL
    ELSE 'not_a_contact'
  END)`;
}

/** The reasons a message is refused (`403 not_allowed` carries one as `reason`). */
export const MESSAGE_REFUSALS = [
  "consent_required",
  "not_a_contact",
  "student_staff_only",
  "student_contacts_only",
  "student_not_classmate",
  "student_peers_off",
  "parent_read_only",
] as const;
export type MessageRefusal = (typeof MESSAGE_REFUSALS)[number];

/** A reason read back from SQL, or the general one for anything unexpected. */
export function toRefusal(value: unknown): MessageRefusal {
  return MESSAGE_REFUSALS.includes(value as MessageRefusal) ? (value as MessageRefusal) : "not_a_contact";
}

/**
 * The student part of the rule (issue 26 item 1), for a pair where at least one is a student;
 * NULL for two adults. A student's linked parents may always; two students need a community
 * they are both active in, and neither's parent may have turned student-to-student off; an adult
 * and a student need the adult to manage (owner or manager) a community the student is in.
 * Symmetric but for the reason's wording, so a group checks every pair of its members with it.
 */
export function studentRuleSql(a: number | SQL, b: number | SQL): SQL {
  const peersOff = (id: number | SQL) =>
    sql`EXISTS (SELECT 1 FROM student_accounts po WHERE po.user_id = ${id} AND po.peers_off = 1)`;
  return sql`(CASE
    WHEN NOT (${isStudentSql(a)} OR ${isStudentSql(b)}) OR ${familyEitherWaySql(a, b)} THEN NULL
    WHEN ${isStudentSql(a)} AND ${isStudentSql(b)} THEN (CASE
      WHEN NOT EXISTS (SELECT 1 FROM community_members x JOIN community_members y ON y.community_id = x.community_id
        WHERE x.user_id = ${a} AND x.status = 'active' AND y.user_id = ${b} AND y.status = 'active')
        THEN 'student_not_classmate'
      WHEN ${peersOff(a)} OR ${peersOff(b)} THEN 'student_peers_off' END)
    WHEN ${isStudentSql(b)} THEN (CASE WHEN ${staffOfSql(a, b)} THEN NULL ELSE 'student_staff_only' END)
    ELSE (CASE WHEN ${staffOfSql(b, a)} THEN NULL ELSE 'student_contacts_only' END)
  END)`;
}

/**
 * The viewer as the rule names them: an id written into the statement, not bound (D1 allows 100
 * parameters a statement, and the rule names the viewer a dozen times in a group add's check), or
 * a placeholder of a statement compiled once, bound once however often it is named (decision 223).
 */
function viewerSql(viewer: number | SQL): SQL {
  if (typeof viewer !== "number") return viewer;
  // A safe integer id as literal SQL (never user text: ids are numbers by type and checked here).
  if (!Number.isSafeInteger(viewer)) throw new TypeError("not an id");
  return sql.raw(String(viewer));
}

/** Whether the viewer may message `other` (messageRefusalSql finds no reason). */
export function mayMessageSql(viewerId: number, other: SQL): SQL {
  return sql`(${messageRefusalSql(viewerId, other)} IS NULL)`;
}

/**
 * Everyone the viewer may message, as a subquery of user ids: friends, confirmed family and
 * active members of a shared community, driven from the viewer's own rows so the "New group"
 * and "Add people" lists never scan every user, then kept only where the rule allows (blocks,
 * students). Availability is the caller's.
 */
export function contactIdsSql(viewerId: number): SQL {
  return sql`(
    SELECT cand.id FROM (
      SELECT CASE WHEN f.requester_id = ${viewerId} THEN f.addressee_id ELSE f.requester_id END AS id
        FROM friendships f
        WHERE f.status = 'accepted' AND (f.requester_id = ${viewerId} OR f.addressee_id = ${viewerId})
      UNION
      SELECT CASE WHEN fl.parent_id = ${viewerId} THEN fl.child_id ELSE fl.parent_id END
        FROM family_links fl WHERE fl.state = 'confirmed' AND (fl.parent_id = ${viewerId} OR fl.child_id = ${viewerId})
      UNION
      SELECT b.user_id FROM community_members a JOIN community_members b ON b.community_id = a.community_id
        WHERE a.user_id = ${viewerId} AND a.status = 'active' AND b.status = 'active'
    ) cand
    WHERE cand.id != ${viewerId} AND ${mayMessageSql(viewerId, sql`cand.id`)}
  )`;
}

/**
 * Why the viewer may not write into conversation `conversationId` (NULL: they may): not a
 * participant (`not_a_contact`, or `parent_read_only` for a parent reading their child's staff
 * conversation, decision 185); a student without consent; in a direct chat, the rule with the
 * other person; in a group, the student rule with every other member (decision 175), so a
 * group cannot carry what a direct chat may not.
 */
export function writeRefusalSql(
  viewer: number | SQL,
  conversationId: SQL,
  youngest: number | SQL = youngestWithoutConsentYear(),
): SQL {
  const viewerId = viewerSql(viewer);
  return sql`(CASE
    WHEN NOT EXISTS (SELECT 1 FROM conversation_participants me
      WHERE me.conversation_id = ${conversationId} AND me.user_id = ${viewerId})
      THEN (CASE WHEN ${parentReaderSql(viewerId, conversationId)} THEN 'parent_read_only' ELSE 'not_a_contact' END)
    WHEN (SELECT type FROM conversations WHERE id = ${conversationId}) = 0 THEN (CASE
      WHEN NOT EXISTS (SELECT 1 FROM conversation_participants op
        WHERE op.conversation_id = ${conversationId} AND op.user_id != ${viewerId}) THEN 'not_a_contact'
      ELSE (SELECT ${messageRefusalSql(viewer, sql`op.user_id`, youngest)} FROM conversation_participants op
        WHERE op.conversation_id = ${conversationId} AND op.user_id != ${viewerId} LIMIT 1) END)
    WHEN ${lacksConsentSql(viewerId, youngest)} THEN 'consent_required'
    ELSE (SELECT ${studentRuleSql(viewerId, sql`om.user_id`)} AS reason FROM conversation_participants om
      WHERE om.conversation_id = ${conversationId} AND om.user_id != ${viewerId} AND reason IS NOT NULL LIMIT 1)
  END)`;
}

/** Whether the viewer may write into conversation `conversationId` (writeRefusalSql finds no reason). */
export function mayWriteSql(viewerId: number, conversationId: SQL): SQL {
  return sql`(${writeRefusalSql(viewerId, conversationId)} IS NULL)`;
}

/** The key of the direct chat between two people (decision 050): one per pair. */
export function directKey(a: number, b: number) {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
