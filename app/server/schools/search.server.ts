import { type SQL, sql } from "drizzle-orm";
import { SEARCH_TEXT_MAX } from "~/lib/search-text";
import { sqlRows } from "~/server/db/batch.server";
import type { School } from "./columns.server";

/**
 * Longest search text we use, the one limit of every search box (decision 113): /schools says
 * when a text is longer and searches nothing; this cut only keeps any other caller in bounds.
 * FTS5 phrases and key ranges have no pattern limit, and the text is never FTS5 syntax.
 */
export const SCHOOL_QUERY_MAX = SEARCH_TEXT_MAX;

/**
 * Substring matches (tier 5) are chosen among this many FTS matches in id order, then shown by
 * name: a bounded cost for text found in thousands of schools ("ool"), and every match by name
 * when there are fewer (decision 084).
 */
const SUBSTRING_CANDIDATES = 200;

export type SchoolSearchPlan =
  | { kind: "none" }
  /**
   * `key`: the text as the keys of migrations/*_schools_search_keys.sql hold it; `match`: FTS5
   * trigram phrases of its 3+ character words (AND), or null when every word is shorter.
   */
  | { kind: "search"; key: string; match: string | null };

/** SQLite's lower() folds ASCII letters only; the typed text is folded the same way. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * Turns what the user typed into a search (decisions 055, 084). Quotes inside words are doubled,
 * so any text is a valid FTS5 phrase and never FTS5 syntax.
 */
export function planSchoolSearch(raw: string): SchoolSearchPlan {
  const text = raw.normalize("NFKC").slice(0, SCHOOL_QUERY_MAX).trim().replace(/\s+/g, " ");
  if (text === "") return { kind: "none" };
  const terms = text.split(" ").filter((term) => [...term].length >= 3);
  const match = terms.length === 0 ? null : terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ");
  return { kind: "search", key: asciiLower(text), match };
}

const COLUMNS = sql.raw("s.id, s.slug, s.name, s.district, s.city, s.state, s.kind");

/** Where the first word of a field starting with the text begins (1-based), or 0: none does. */
const firstWordMatch = (field: string, key: string) =>
  sql`instr(' ' || lower(trim(coalesce(${sql.raw(field)}, ''))), ' ' || ${key})`;

/** Where the word of the key row `k` begins in that field. */
const keyStart = (field: string) => sql`length(lower(trim(coalesce(${sql.raw(field)}, '')))) - length(k.key) + 1`;

/**
 * A school is listed once, at its best match: a key row counts only if it is the first word
 * starting with the text in its field and no better field has one (name, then city, then district).
 */
function firstMatchOnly(tier: 1 | 2 | 3 | 4, key: string): SQL {
  const none = (field: string) => sql`${firstWordMatch(field, key)} = 0`;
  const first = (field: string) => sql`${firstWordMatch(field, key)} = ${keyStart(field)}`;
  if (tier === 1) return sql`1`;
  if (tier === 2) return first("s.name");
  if (tier === 3) return sql`${none("s.name")} AND ${first("s.city")}`;
  return sql`${none("s.name")} AND ${none("s.city")} AND ${first("s.district")}`;
}

/** One tier of word-start matches, read in the order shown: a range of the keys' primary key. */
function wordStartTier(tier: 1 | 2 | 3 | 4, key: string, limit: number): SQL {
  return sql`SELECT * FROM (SELECT ${COLUMNS} FROM school_search_keys k JOIN schools s ON s.id = k.school_id
    WHERE k.tier = ${tier} AND k.key >= ${key} AND k.key < ${`${key}\u{10FFFF}`} AND ${firstMatchOnly(tier, key)}
    ORDER BY k.key, k.name_key, k.school_id LIMIT ${limit})`;
}

/** Tier 5: the words anywhere else (inside words, across fields), by FTS5 trigram. */
function substringTier(match: string, key: string, limit: number): SQL {
  const none = (field: string) => sql`${firstWordMatch(field, key)} = 0`;
  return sql`SELECT * FROM (SELECT ${COLUMNS}
    FROM (SELECT rowid AS id FROM schools_fts WHERE schools_fts MATCH ${match} ORDER BY rowid LIMIT ${SUBSTRING_CANDIDATES}) f
    JOIN schools s ON s.id = f.id
    WHERE ${none("s.name")} AND ${none("s.city")} AND ${none("s.district")}
    ORDER BY lower(trim(s.name)), s.id LIMIT ${limit})`;
}

/** The total a search shows is counted up to this many; past it, "more than" (decision 125). */
export const SCHOOL_SEARCH_COUNT_MAX = 500;

function tiersOf(plan: Extract<SchoolSearchPlan, { kind: "search" }>, limit: number) {
  const tiers = ([1, 2, 3, 4] as const).map((tier) => wordStartTier(tier, plan.key, limit));
  if (plan.match !== null) tiers.push(substringTier(plan.match, plan.key, limit));
  return sql.join(tiers, sql` UNION ALL `);
}

/**
 * Ranked (decision 084): names starting with the text, names with a word starting with it,
 * cities, districts, then the words anywhere (substrings); by the matched text, then name, within
 * each. One statement: `UNION ALL … LIMIT` stops at the first `limit` rows, so a tier runs only
 * when the tiers before it leave room, and each tier reads about as many rows as it returns.
 * A later page (`offset`) reads the pages before it too: pages stop at SCHOOL_SEARCH_COUNT_MAX.
 */
export function schoolSearchQuery(plan: Extract<SchoolSearchPlan, { kind: "search" }>, limit: number, offset = 0) {
  return sqlRows<School>(sql`${tiersOf(plan, offset + limit)} LIMIT ${limit} OFFSET ${offset}`);
}

/** How many schools the search finds, counted up to SCHOOL_SEARCH_COUNT_MAX + 1: a bounded read. */
export function schoolSearchCountQuery(plan: Extract<SchoolSearchPlan, { kind: "search" }>) {
  const reach = SCHOOL_SEARCH_COUNT_MAX + 1;
  return sqlRows<{ n: number }>(sql`SELECT count(*) AS n FROM (${tiersOf(plan, reach)} LIMIT ${reach})`);
}
