import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";

export const NEWSFEED_PAGE_SIZE = 20;

/**
 * The newest posts of the communities a user actively belongs to, newest first. A deleted
 * author's posts stay readable with no author, shown as "Unknown User" (SPEC §2).
 */
export async function listNewsfeed(userId: number, limit = NEWSFEED_PAGE_SIZE) {
  const db = getDb();
  const memberOf = db
    .select({ id: schema.communityMembers.communityId })
    .from(schema.communityMembers)
    .where(and(eq(schema.communityMembers.userId, userId), eq(schema.communityMembers.status, "active")));
  return db
    .select({
      id: schema.posts.id,
      body: schema.posts.body,
      createdAt: schema.posts.createdAt,
      community: { id: schema.communities.id, name: schema.communities.name, category: schema.communities.category },
      author: { id: schema.users.id, name: schema.users.name, avatar: schema.users.avatar },
    })
    .from(schema.posts)
    .innerJoin(schema.communities, eq(schema.posts.communityId, schema.communities.id))
    .leftJoin(schema.users, and(eq(schema.posts.authorId, schema.users.id), isNull(schema.users.deletedAt)))
    .where(inArray(schema.posts.communityId, memberOf))
    .orderBy(desc(schema.posts.createdAt), desc(schema.posts.id))
    .limit(limit);
}
