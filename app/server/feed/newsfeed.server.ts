import { sql } from "drizzle-orm";
import { canMarkUrgent } from "~/lib/community-rules";
import { myCommunitiesQuery, toMyCommunities } from "~/server/communities/communities.server";
import { type Cursor, postCardsSql, toPostCard } from "~/server/content/post-cards.server";
import { batch, preparedQuery, preparedRows } from "~/server/db/batch.server";

/**
 * The page's first screen (decision 220): what a reader on an old phone sees first, and what the
 * server renders on every visit. The rest comes a page at a time as they scroll, or by the link.
 */
export const NEWSFEED_FIRST_PAGE_SIZE = 12;
/** Each page after the first, and the JSON API's page (SPEC §3, decision 046). */
export const NEWSFEED_PAGE_SIZE = 20;
/** The most pages one page of the newsfeed grows to without JavaScript (decision 124). */
export const NEWSFEED_MAX_PAGES = 10;

/**
 * How many posts the /newsfeed page shows: the first screen, grown by `pages - 1` later pages
 * without JavaScript ("Load more", decision 124); a page after a cursor is one later page.
 */
export function newsfeedPageSize(cursor: Cursor | null, pages = 1) {
  if (cursor) return NEWSFEED_PAGE_SIZE;
  const grown = Math.min(Math.max(Math.trunc(pages) || 1, 1), NEWSFEED_MAX_PAGES) - 1;
  return NEWSFEED_FIRST_PAGE_SIZE + grown * NEWSFEED_PAGE_SIZE;
}

/** The composer's communities: the same statement for every viewer, built once (decision 079). */
const myCommunities = preparedQuery(() => myCommunitiesQuery(sql.placeholder("userId")));

/**
 * The page's posts, the first page and a page after a cursor: each statement built and compiled
 * once per isolate, its values filled in per request (decision 213).
 */
const feedRows = preparedRows(() =>
  postCardsSql(sql.placeholder("viewerId"), { kind: "feed" }, sql.placeholder("limit")),
);
const olderFeedRows = preparedRows(() =>
  postCardsSql(sql.placeholder("viewerId"), { kind: "feed" }, sql.placeholder("limit"), {
    createdAt: sql.placeholder("createdAt"),
    id: sql.placeholder("id"),
  }),
);

/** The statement of `limit` posts of the feed after `cursor`: postCardsQuery's, compiled once. */
export function newsfeedRows(userId: number, cursor: Cursor | null, limit: number) {
  return cursor
    ? olderFeedRows({ viewerId: userId, limit, createdAt: cursor.createdAt, id: cursor.id })
    : feedRows({ viewerId: userId, limit });
}

/**
 * /newsfeed (decision 046): posts of the communities the user actively belongs to, newest
 * first, `size` at a time (the API's 20; the page's own sizes: newsfeedPageSize) by the cursor (created_at, id) of the last post shown (SPEC §3 "last-post
 * timestamp"); one row more than a page tells whether the feed ends here. New posts arriving
 * meanwhile are newer than any cursor, so paging never repeats or skips a post. The page and
 * the composer's postable communities are one D1 batch.
 */
export async function loadNewsfeed(userId: number, cursor: Cursor | null, size = NEWSFEED_PAGE_SIZE) {
  const { rows, communities } = await batch({
    rows: newsfeedRows(userId, cursor, size + 1),
    communities: myCommunities({ userId }),
  });
  return {
    posts: rows.slice(0, size).map(toPostCard),
    endOfFeed: rows.length <= size,
    postable: toMyCommunities(communities).postable,
    // Where the composer offers "Mark as urgent" (decision 183).
    urgentIds: communities
      .filter((row) => canMarkUrgent(row.category, { role: row.role, status: "active" }))
      .map((row) => row.id),
  };
}

/** The first page of posts only (tests and the API). */
export async function listNewsfeed(userId: number) {
  return (await loadNewsfeed(userId, null)).posts;
}
