import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "~/server/db/db.server";
import { schoolColumns } from "./columns.server";

/** Longest search text we accept; longer input is cut, not refused. */
export const SCHOOL_QUERY_MAX = 100;

export type SchoolSearchPlan =
  | { kind: "none" }
  /** FTS5 trigram MATCH expression: every term of 3+ characters as a quoted phrase (AND). */
  | { kind: "fts"; match: string; prefix: string }
  /** Only 1–2 character terms: trigrams cannot match them, so a name prefix does. */
  | { kind: "prefix"; prefix: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Turns what the user typed into a search (decision 055). Quotes inside terms are doubled, so
 * any text is a valid FTS5 phrase and never FTS5 syntax.
 */
export function planSchoolSearch(raw: string): SchoolSearchPlan {
  const text = raw.normalize("NFKC").slice(0, SCHOOL_QUERY_MAX).trim().replace(/\s+/g, " ");
  if (text === "") return { kind: "none" };
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  const terms = text.split(" ").filter((term) => [...term].length >= 3);
  if (terms.length === 0) return { kind: "prefix", prefix };
  return { kind: "fts", match: terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" "), prefix };
}

// The FTS5 index of migrations/*_schools_fts.sql, declared here (not in the schema file, which
// drizzle-kit would turn into a real table) so its queries can join a db.batch.
const schoolsFts = sqliteTable("schools_fts", { rowid: integer("rowid").notNull() });

/**
 * Ranked: names starting with the text first, then names with a word starting with it, then
 * bm25 with name weighted above city and district.
 */
export function schoolSearchQuery(plan: Exclude<SchoolSearchPlan, { kind: "none" }>, limit: number) {
  const s = schema.schools;
  const db = getDb();
  const wordStart = `% ${plan.prefix}`;
  const startsWith = sql`lower(${s.name}) LIKE ${plan.prefix} ESCAPE '\\' DESC`;
  const wordStartsWith = sql`lower(${s.name}) LIKE ${wordStart} ESCAPE '\\' DESC`;
  if (plan.kind === "prefix") {
    return db
      .select(schoolColumns)
      .from(s)
      .where(sql`lower(${s.name}) LIKE ${plan.prefix} ESCAPE '\\' OR lower(${s.name}) LIKE ${wordStart} ESCAPE '\\'`)
      .orderBy(startsWith, s.name, s.id)
      .limit(limit);
  }
  return db
    .select(schoolColumns)
    .from(schoolsFts)
    .innerJoin(s, eq(s.id, schoolsFts.rowid))
    .where(sql`schools_fts MATCH ${plan.match}`)
    .orderBy(startsWith, wordStartsWith, sql`bm25(schools_fts, 10.0, 3.0, 2.0)`, s.name, s.id)
    .limit(limit);
}
