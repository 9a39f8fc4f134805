import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { containsText } from "~/server/db/contains-text.server";
import { avatarUrl } from "~/server/users/avatar";
import type { CommunityCategory, CommunitySummary } from "./communities.server";

export const SEARCH_PAGE_SIZE = 20;

export type SearchCursor = { score: number; id: number };

/**
 * /communities/search (decision 047): FTS5 with the trigram tokenizer over name and description,
 * ranked by bm25 with the name weighted ten times the description, optionally one category,
 * paged by the cursor (score, id). Terms shorter than three characters cannot use a trigram
 * index, so such a query falls back to a plain-text scan over names and descriptions. `query` is
 * within the search limit (~/lib/search-text.ts, decision 113).
 */
export async function searchCommunities(
  query: string,
  category: CommunityCategory | null,
  cursor: SearchCursor | null,
) {
  const terms = query.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const categoryFilter = category ? sql`AND c.category = ${category}` : sql``;
  const after = cursor ? sql`WHERE score > ${cursor.score} OR (score = ${cursor.score} AND id > ${cursor.id})` : sql``;
  let inner: ReturnType<typeof sql>;
  if (terms.length === 0) {
    inner = sql`SELECT c.*, 0 AS score FROM communities c WHERE 1 ${categoryFilter}`;
  } else if (terms.every((term) => [...term].length >= 3)) {
    // Each term a quoted phrase (quotes doubled), all required: user text is never FTS syntax.
    const match = terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" ");
    inner = sql`SELECT c.*, bm25(communities_fts, 10.0, 1.0) AS score FROM communities_fts
      JOIN communities c ON c.id = communities_fts.rowid
      WHERE communities_fts MATCH ${match} ${categoryFilter}`;
  } else {
    const name = sql.raw("c.name");
    const found = terms.map((term) => containsText([name, sql.raw("c.description")], term));
    inner = sql`SELECT c.*, CASE WHEN ${containsText([name], terms[0]!)} THEN 0 ELSE 1 END AS score FROM communities c
      WHERE ${sql.join(found, sql` AND `)} ${categoryFilter}`;
  }
  // A batch, not a lone statement: it joins the request's one round trip (decision 104).
  const { rows } = await batch({
    rows: sqlRows<CommunitySummary & { score: number }>(sql`SELECT id, name, slug, category, description,
    avatar, join_policy AS joinPolicy, score FROM (${inner}) ${after}
    ORDER BY score, id LIMIT ${SEARCH_PAGE_SIZE + 1}`),
  });
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map(({ score: _score, ...community }) => ({ ...community, avatar: avatarUrl(community.avatar) })),
    next: rows.length > SEARCH_PAGE_SIZE && last ? { score: last.score, id: last.id } : null,
  };
}

export function encodeSearchCursor(cursor: SearchCursor) {
  return `${cursor.score}_${cursor.id}`;
}

export function decodeSearchCursor(value: string | null): SearchCursor | null {
  const match = value?.match(/^(-?\d+(?:\.\d+)?(?:e-?\d+)?)_(\d{1,15})$/i);
  return match ? { score: Number(match[1]), id: Number(match[2]) } : null;
}
