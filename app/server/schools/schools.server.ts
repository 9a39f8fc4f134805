import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, batchAs, runAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { type School, schoolColumns } from "./columns.server";
import { planSchoolSearch, SCHOOL_SEARCH_COUNT_MAX, schoolSearchCountQuery, schoolSearchQuery } from "./search.server";

export { type School, schoolColumns };

export const SCHOOL_SUGGESTIONS = 8;
export const SCHOOL_SEARCH_RESULTS = 25;

const s = schema.schools;

const m = schema.communityMembers;
const c = schema.communities;
const f = schema.schoolFollows;

/** Schools of the user's active memberships, and those they follow, by name. */
function mySchoolsQuery(userId: number) {
  const db = getDb();
  const ofCommunities = db
    .select({ id: c.schoolId })
    .from(m)
    .innerJoin(c, eq(c.id, m.communityId))
    .where(and(eq(m.userId, userId), eq(m.status, "active")));
  const followed = db.select({ id: f.schoolId }).from(f).where(eq(f.userId, userId));
  return db
    .select({ ...schoolColumns, following: sql<number>`${inArray(s.id, followed)}`.mapWith(Boolean) })
    .from(s)
    .where(or(inArray(s.id, ofCommunities), inArray(s.id, followed)))
    .orderBy(asc(s.name), asc(s.id));
}

/** Ranked prefix and substring search over name, city and district (FTS5 trigram). */
export async function searchSchools(text: string, limit = SCHOOL_SEARCH_RESULTS): Promise<School[]> {
  const plan = planSchoolSearch(text);
  if (plan.kind === "none") return [];
  return single(schoolSearchQuery(plan, limit));
}

/** The last page of results a search offers (pages stop where its count does). */
export const SCHOOL_SEARCH_PAGES = Math.ceil(SCHOOL_SEARCH_COUNT_MAX / SCHOOL_SEARCH_RESULTS);

export type SchoolSearchResults = {
  schools: School[];
  /** 1-based. */
  page: number;
  /** How many schools the search finds, up to SCHOOL_SEARCH_COUNT_MAX; `more`: even more. */
  total: number;
  more: boolean;
  next: number | null;
};

/**
 * /schools in one round trip: my schools, and when there is a search, one page of its results
 * (`page`, 1-based, of SCHOOL_SEARCH_RESULTS) with the total found.
 */
export async function schoolsHome(userId: number, text: string, page = 1) {
  const plan = planSchoolSearch(text);
  // A batch even alone: it joins the request's one round trip (decision 104).
  if (plan.kind === "none") return { mine: await single(mySchoolsQuery(userId)), results: null };
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), SCHOOL_SEARCH_PAGES);
  const { mine, schools, counted } = await batch({
    mine: mySchoolsQuery(userId),
    schools: schoolSearchQuery(plan, SCHOOL_SEARCH_RESULTS, (shown - 1) * SCHOOL_SEARCH_RESULTS),
    counted: schoolSearchCountQuery(plan),
  });
  const found = counted[0]?.n ?? 0;
  const total = Math.min(found, SCHOOL_SEARCH_COUNT_MAX);
  const results: SchoolSearchResults = {
    schools,
    page: shown,
    total,
    more: found > SCHOOL_SEARCH_COUNT_MAX,
    next: shown * SCHOOL_SEARCH_RESULTS < total ? shown + 1 : null,
  };
  return { mine, results };
}

export async function findSchoolBySlug(slug: string): Promise<School | null> {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return null;
  // A batch, not a lone select: it joins the request's one round trip (decision 104).
  const {
    schoolRows: [school],
  } = await batch({ schoolRows: getDb().select(schoolColumns).from(s).where(eq(s.slug, slug)).limit(1) });
  return school ?? null;
}

/**
 * Follow or unfollow; both are idempotent. Returns false when the school does not exist, and
 * a revoked session (nothing changed) when the follower's token was revoked (decision 042).
 */
export async function setFollowing(follower: Actor, schoolId: number, following: boolean): Promise<boolean> {
  const db = getDb();
  const userId = follower.id;
  const current = tokenIsCurrent(follower.id, follower.tokenVersion);
  if (!following) {
    await runAs(follower, db.delete(f).where(and(eq(f.userId, userId), eq(f.schoolId, schoolId), current)));
    return true;
  }
  // INSERT … SELECT: nothing is inserted for an unknown school, in the same statement; the
  // school's existence is read in the same batch.
  const results = await batchAs(follower, {
    follow: sql`INSERT OR IGNORE INTO school_follows (user_id, school_id)
      SELECT ${userId}, id FROM schools WHERE id = ${schoolId} AND ${current}`,
    schools: sql`SELECT id FROM schools WHERE id = ${schoolId}`,
  });
  return results.schools.length > 0;
}

/** Ids of the schools a user follows, among those given (for badges in lists). */
export async function followedAmong(userId: number, schoolIds: number[]) {
  if (schoolIds.length === 0) return new Set<number>();
  const rows = await single(
    getDb()
      .select({ id: f.schoolId })
      .from(f)
      .where(and(eq(f.userId, userId), inArray(f.schoolId, schoolIds))),
  );
  return new Set(rows.map((row) => row.id));
}
