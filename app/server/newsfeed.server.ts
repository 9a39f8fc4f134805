import { aliasedTable, and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { batchPart, runBatch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type FriendshipRow, relationOf, toUserInfo } from "~/server/friends/relation.server";

export const NEWSFEED_PAGE_SIZE = 20;

const u = schema.users;
const f = aliasedTable(schema.friendships, "viewer_friendship");

/**
 * The newest posts of the communities a user actively belongs to, newest first, each with its
 * author and how the viewer stands with them: one query, so the page costs one round trip
 * (decision 041). A deleted author's posts stay readable with no author, shown as "Unknown
 * User" (SPEC §2). At most one friendship row exists per pair (friends.server.ts), so the join
 * never repeats a post.
 */
export function newsfeedPart(viewerId: number, limit = NEWSFEED_PAGE_SIZE) {
  const db = getDb();
  const memberOf = db
    .select({ id: schema.communityMembers.communityId })
    .from(schema.communityMembers)
    .where(and(eq(schema.communityMembers.userId, viewerId), eq(schema.communityMembers.status, "active")));
  // Flat, with every column name distinct: D1 batch results come back as objects keyed by
  // column name, so two "id" columns would overwrite each other.
  const query = db
    .select({
      id: schema.posts.id,
      body: schema.posts.body,
      createdAt: schema.posts.createdAt,
      communityId: sql<number>`${schema.communities.id}`.as("community_id"),
      communityName: sql<string>`${schema.communities.name}`.as("community_name"),
      category: schema.communities.category,
      authorId: sql<number | null>`${u.id}`.as("author_id"),
      authorName: sql<string | null>`${u.name}`.as("author_name"),
      authorUsername: sql<string | null>`${u.username}`.as("author_username"),
      authorAvatar: sql<string | null>`${u.avatar}`.as("author_avatar"),
      requesterId: f.requesterId,
      addresseeId: f.addresseeId,
      friendshipStatus: f.status,
    })
    .from(schema.posts)
    .innerJoin(schema.communities, eq(schema.posts.communityId, schema.communities.id))
    .leftJoin(u, and(eq(schema.posts.authorId, u.id), isNull(u.deletedAt), isNotNull(u.activatedAt)))
    .leftJoin(
      f,
      or(
        and(eq(f.requesterId, viewerId), eq(f.addresseeId, u.id)),
        and(eq(f.addresseeId, viewerId), eq(f.requesterId, u.id)),
      ),
    )
    .where(inArray(schema.posts.communityId, memberOf))
    .orderBy(desc(schema.posts.createdAt), desc(schema.posts.id))
    .limit(limit);
  return batchPart([query], ([result]) =>
    (result as Awaited<typeof query>).map((row) => ({
      id: row.id,
      body: row.body,
      createdAt: row.createdAt,
      community: { id: row.communityId, name: row.communityName, category: row.category },
      author:
        row.authorId === null
          ? null
          : toUserInfo(
              {
                id: row.authorId,
                name: row.authorName ?? "",
                username: row.authorUsername,
                avatar: row.authorAvatar ?? "",
              },
              relationOf(viewerId, row.requesterId === null ? [] : [friendshipOf(row)]),
            ),
    })),
  );
}

/** relationOf reads only who asked whom and the status. */
function friendshipOf(row: {
  requesterId: number | null;
  addresseeId: number | null;
  friendshipStatus: string | null;
}) {
  return {
    requesterId: row.requesterId,
    addresseeId: row.addresseeId,
    status: row.friendshipStatus,
  } as FriendshipRow;
}

export async function listNewsfeed(viewerId: number, limit = NEWSFEED_PAGE_SIZE) {
  const { posts } = await runBatch({ posts: newsfeedPart(viewerId, limit) });
  return posts;
}
