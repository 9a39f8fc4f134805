import { sql } from "drizzle-orm";
import { myCommunitiesQuery, toMyCommunities } from "~/server/communities/communities.server";
import { type Cursor, postCardsQuery, toPostCard } from "~/server/content/post-cards.server";
import { getDb } from "~/server/db/db.server";
import { reusableQuery } from "~/server/db/reusable.server";

export const NEWSFEED_PAGE_SIZE = 20;

/** The composer's communities: the same statement for every viewer, built once (decision 079). */
const myCommunities = reusableQuery<{ userId: number }>(() => myCommunitiesQuery(sql.placeholder("userId")));

/**
 * /newsfeed (decision 046): posts of the communities the user actively belongs to, newest
 * first, 20 at a time by the cursor (created_at, id) of the last post shown (SPEC §3 "last-post
 * timestamp"); one row more than a page tells whether the feed ends here. New posts arriving
 * meanwhile are newer than any cursor, so paging never repeats or skips a post. The page and
 * the composer's postable communities are one D1 batch.
 */
export async function loadNewsfeed(userId: number, cursor: Cursor | null) {
  const db = getDb();
  const [rows, communities] = await db.batch([
    postCardsQuery(userId, { kind: "feed" }, NEWSFEED_PAGE_SIZE + 1, cursor),
    myCommunities({ userId }),
  ]);
  return {
    posts: rows.slice(0, NEWSFEED_PAGE_SIZE).map(toPostCard),
    endOfFeed: rows.length <= NEWSFEED_PAGE_SIZE,
    postable: toMyCommunities(communities as Awaited<ReturnType<typeof myCommunitiesQuery>>).postable,
  };
}

/** The first page of posts only (tests and the API). */
export async function listNewsfeed(userId: number) {
  return (await loadNewsfeed(userId, null)).posts;
}
