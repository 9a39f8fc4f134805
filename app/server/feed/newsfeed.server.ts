import { sql } from "drizzle-orm";
import { canMarkUrgent } from "~/lib/community-rules";
import { myCommunitiesQuery, toMyCommunities } from "~/server/communities/communities.server";
import { type Cursor, postCardsSql, toPostCard } from "~/server/content/post-cards.server";
import { batch, preparedQuery, preparedRows } from "~/server/db/batch.server";

export const NEWSFEED_PAGE_SIZE = 20;
/** The most pages one page of the newsfeed grows to without JavaScript (decision 124). */
export const NEWSFEED_MAX_PAGES = 10;

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
 * first, 20 at a time by the cursor (created_at, id) of the last post shown (SPEC §3 "last-post
 * timestamp"); one row more than a page tells whether the feed ends here. New posts arriving
 * meanwhile are newer than any cursor, so paging never repeats or skips a post. The page and
 * the composer's postable communities are one D1 batch.
 */
export async function loadNewsfeed(userId: number, cursor: Cursor | null, pages = 1) {
  // `pages`: that many pages at once, the page grown by "Load more" without JavaScript (decision 124).
  const size = NEWSFEED_PAGE_SIZE * Math.min(Math.max(Math.trunc(pages), 1), NEWSFEED_MAX_PAGES);
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
