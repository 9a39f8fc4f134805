import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { staffOfSql, youngestWithoutConsentYear } from "~/server/users/students-sql.server";

/**
 * Who says an account is a student, and a parent's controls over it (issue 26 item 1,
 * decision 175). The rules are each write's WHERE, so no page or API can skip them:
 * - a confirmed linked parent, or a manager of a community the child is an active member of
 *   (a class's teacher), marks the account as a student, with its birth year;
 * - a parent may change or undo any marking; a teacher only their own (decision 241), so no club's
 *   manager undoes what a parent or the child's own teacher said;
 * - only a confirmed linked parent consents for a student who may be under 13, and turns
 *   messages with other students off or on.
 * The student never changes these themself (the registration form sets the flag once).
 */

export type StudentChange = "ok" | "not_allowed";

/** The oldest and youngest birth years a student's form accepts. */
export function birthYearRange(now = Date.now()) {
  const year = new Date(now).getUTCFullYear();
  return { min: year - 25, max: year - 3 };
}

function linkedParentSql(actorId: number, childId: number) {
  return sql`EXISTS (SELECT 1 FROM family_links fl WHERE fl.parent_id = ${actorId} AND fl.child_id = ${childId}
    AND fl.state = 'confirmed')`;
}

function parentOrTeacherSql(actorId: number, childId: number) {
  return sql`(${linkedParentSql(actorId, childId)} OR ${staffOfSql(actorId, childId)})`;
}

/**
 * Who may change or undo an existing marking (a row of student_accounts, read in place): a linked
 * parent, or the teacher who set it while they still teach the child.
 */
function changerSql(actorId: number, childId: number) {
  return sql`(${linkedParentSql(actorId, childId)}
    OR (student_accounts.set_by = ${actorId} AND ${staffOfSql(actorId, childId)}))`;
}

async function changed(actor: Actor, statement: ReturnType<typeof sql>): Promise<StudentChange> {
  const { done } = await batchAs(actor, { done: sqlRows(statement) });
  return done.length > 0 ? "ok" : "not_allowed";
}

/** A linked parent or a class's teacher marks `childId` as a student born in `birthYear`. */
export function markStudent(actor: Actor, childId: number, birthYear: number, now = Date.now()) {
  const { min, max } = birthYearRange(now);
  if (!Number.isSafeInteger(birthYear) || birthYear < min || birthYear > max)
    return Promise.resolve("invalid" as const);
  return changed(
    actor,
    sql`INSERT INTO student_accounts (user_id, birth_year, set_by)
      SELECT u.id, ${birthYear}, ${actor.id} FROM users u
      WHERE u.id = ${childId} AND u.id != ${actor.id} AND u.deleted_at IS NULL
        AND ${parentOrTeacherSql(actor.id, childId)} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      ON CONFLICT (user_id) DO UPDATE SET birth_year = excluded.birth_year, set_by = excluded.set_by
        WHERE ${changerSql(actor.id, childId)}
      RETURNING user_id`,
  );
}

/** A linked parent, or the teacher who marked it, says the account is not a student's after all. */
export function unmarkStudent(actor: Actor, childId: number) {
  return changed(
    actor,
    sql`DELETE FROM student_accounts WHERE user_id = ${childId} AND user_id != ${actor.id}
      AND ${changerSql(actor.id, childId)} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      RETURNING user_id`,
  );
}

/** A linked parent consents (or withdraws consent) for their child to post and chat. */
export function setConsent(actor: Actor, childId: number, consent: boolean, now = Date.now()) {
  return changed(
    actor,
    sql`UPDATE student_accounts SET consent_by = ${consent ? actor.id : null}, consent_at = ${consent ? now : null}
      WHERE user_id = ${childId} AND ${linkedParentSql(actor.id, childId)}
        AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      RETURNING user_id`,
  );
}

/** A linked parent turns messages between their child and other students off (or on again). */
export function setPeersOff(actor: Actor, childId: number, off: boolean) {
  return changed(
    actor,
    sql`UPDATE student_accounts SET peers_off = ${off ? 1 : 0}
      WHERE user_id = ${childId} AND ${linkedParentSql(actor.id, childId)}
        AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      RETURNING user_id`,
  );
}

export type StudentState = {
  userId: number;
  birthYear: number;
  /** May be under 13 (decision 175): needs consent to post and chat. */
  young: boolean;
  consented: boolean;
  peersOff: boolean;
};

/** The student rows of `ids` (the family page's children and the account itself), for a batch. */
export function studentStatesQuery(userId: number) {
  return sqlRows<{ userId: number; birthYear: number; consentAt: number | null; peersOff: number }>(sql`
    SELECT sa.user_id AS userId, sa.birth_year AS birthYear, sa.consent_at AS consentAt, sa.peers_off AS peersOff
    FROM student_accounts sa
    WHERE sa.user_id = ${userId} OR sa.user_id IN (SELECT fl.child_id FROM family_links fl
      WHERE fl.parent_id = ${userId} AND fl.state = 'confirmed')`);
}

export function toStudentState(
  row: { userId: number; birthYear: number; consentAt: number | null; peersOff: number },
  now = Date.now(),
): StudentState {
  return {
    userId: row.userId,
    birthYear: row.birthYear,
    young: row.birthYear >= youngestWithoutConsentYear(now),
    consented: row.consentAt !== null,
    peersOff: row.peersOff === 1,
  };
}

/**
 * The students among a community's active members, for its manage members page, where a class's
 * teacher marks them, and undoes their own marking (decisions 185, 241); nothing unless the
 * viewer manages it.
 */
export async function listCommunityStudents(viewerId: number, communityId: number) {
  const { students } = await batch({
    students: sqlRows<{
      userId: number;
      birthYear: number;
      consentAt: number | null;
      peersOff: number;
      markedByViewer: number;
    }>(sql`
      SELECT sa.user_id AS userId, sa.birth_year AS birthYear, sa.consent_at AS consentAt, sa.peers_off AS peersOff,
        sa.set_by IS ${viewerId} AS markedByViewer
      FROM community_members cm JOIN student_accounts sa ON sa.user_id = cm.user_id
      WHERE cm.community_id = ${communityId} AND cm.status = 'active'
        AND EXISTS (SELECT 1 FROM community_members mm WHERE mm.community_id = ${communityId}
          AND mm.user_id = ${viewerId} AND mm.status = 'active' AND mm.role IN ('owner', 'manager'))`),
  });
  return students.map((row) => ({ ...toStudentState(row), markedByViewer: row.markedByViewer === 1 }));
}

export type CommunityStudent = Awaited<ReturnType<typeof listCommunityStudents>>[number];
