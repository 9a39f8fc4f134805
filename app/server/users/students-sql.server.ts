import { type SQL, sql } from "drizzle-orm";
import { CONSENT_AGE } from "~/lib/account";

/**
 * The student flag as SQL (issue 26 item 1, decision 175), kept in the lowest area so content
 * (posting) and chat/inbox (the messaging rule) join it into the statement they already run.
 * Values are ids or SQL expressions for them.
 */
type Id = number | SQL;

/** Whether the account belongs to a student. */
export function isStudentSql(id: Id): SQL {
  return sql`EXISTS (SELECT 1 FROM student_accounts sa WHERE sa.user_id = ${id})`;
}

/**
 * Ages are known by birth year only, so a student counts as possibly under `CONSENT_AGE` (13)
 * until the year they turn 14 (decision 175): consent is asked rather than risked.
 */
export function youngestWithoutConsentYear(now = Date.now()) {
  return new Date(now).getUTCFullYear() - CONSENT_AGE;
}

/**
 * Whether the account is a student who may be under 13 with no linked parent's consent yet:
 * such an account reads its communities but may not post, comment or chat. `youngest` is
 * `youngestWithoutConsentYear` of now, or a placeholder for it in a statement compiled once.
 */
export function lacksConsentSql(id: Id, youngest: number | SQL = youngestWithoutConsentYear()): SQL {
  return sql`EXISTS (SELECT 1 FROM student_accounts sa WHERE sa.user_id = ${id}
    AND sa.consent_at IS NULL AND sa.birth_year >= ${youngest})`;
}

/** Whether `parent` and `child` (either way round) are a confirmed family link (decision 158). */
export function familyEitherWaySql(a: Id, b: Id): SQL {
  return sql`EXISTS (SELECT 1 FROM family_links fl WHERE fl.state = 'confirmed'
    AND ((fl.parent_id = ${a} AND fl.child_id = ${b}) OR (fl.parent_id = ${b} AND fl.child_id = ${a})))`;
}

/** Whether `staff` manages (owner or manager) a community `student` is an active member of. */
export function staffOfSql(staff: Id, student: Id): SQL {
  return sql`EXISTS (SELECT 1 FROM community_members sm JOIN community_members tm
      ON tm.community_id = sm.community_id AND tm.user_id = ${staff} AND tm.status = 'active'
      AND tm.role IN ('owner', 'manager')
    WHERE sm.user_id = ${student} AND sm.status = 'active')`;
}
