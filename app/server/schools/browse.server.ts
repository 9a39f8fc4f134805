import { and, asc, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stateName } from "~/lib/us-states";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { schoolColumns } from "./schools.server";

/**
 * Browsing: state → district or city → schools (decision 055). Lists page by key, not offset.
 * Each read is a batch, not a lone select: it joins the request's one round trip (decision 104).
 */
export const BROWSE_PAGE = 50;
export type BrowseBy = "district" | "city";

const s = schema.schools;

// Kept by triggers (migrations/*_schools_state_counts.sql, decision 085); declared here, not in
// the schema file, which drizzle-kit would turn into a second CREATE TABLE (as decision 055's FTS).
const stateCounts = sqliteTable("school_state_counts", {
  state: text("state").primaryKey(),
  schools: integer("schools").notNull(),
});

/**
 * The states with schools and their counts: one row a state, not a count of every school. By
 * the state's name as shown (Alabama before Alaska), not by its postal code (AK before AL).
 */
export async function statesWithCounts() {
  const { rows } = await batch({ rows: getDb().select().from(stateCounts) });
  return rows.sort((a, b) => stateName(a.state).localeCompare(stateName(b.state), "en"));
}

/** Districts or cities of a state with their school counts, after `after` (a name) by name. */
export async function areasOfState(state: string, by: BrowseBy, after: string | null) {
  const column = by === "district" ? s.district : s.city;
  const { rows } = await batch({
    rows: getDb()
      .select({ name: sql<string>`${column}`, schools: count() })
      .from(s)
      .where(and(eq(s.state, state), isNotNull(column), after === null ? undefined : gt(column, after)))
      .groupBy(column)
      .orderBy(asc(column))
      .limit(BROWSE_PAGE + 1),
  });
  return { areas: rows.slice(0, BROWSE_PAGE), next: rows.length > BROWSE_PAGE ? rows[BROWSE_PAGE - 1]!.name : null };
}

/** Schools of one district or city, by name then id; `after` is the last school id shown. */
export async function schoolsOfArea(state: string, by: BrowseBy, area: string, after: number | null) {
  const column = by === "district" ? s.district : s.city;
  const afterKey =
    after === null ? undefined : sql`(${s.name}, ${s.id}) > ((SELECT name FROM schools WHERE id = ${after}), ${after})`;
  const { rows } = await batch({
    rows: getDb()
      .select(schoolColumns)
      .from(s)
      .where(and(eq(s.state, state), eq(column, area), afterKey))
      .orderBy(asc(s.name), asc(s.id))
      .limit(BROWSE_PAGE + 1),
  });
  return { schools: rows.slice(0, BROWSE_PAGE), next: rows.length > BROWSE_PAGE ? rows[BROWSE_PAGE - 1]!.id : null };
}
