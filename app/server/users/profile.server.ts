import { and, asc, eq } from "drizzle-orm";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "./avatar";
import { userByIdQuery } from "./users.server";

/** The signed-in user's own profile card (/profile): who they are and where they belong. */
export async function getOwnProfile(userId: number) {
  const db = getDb();
  // One batch: the page's reads join the request's one round trip (decisions 041, 104).
  const {
    userRows: [user],
    communities,
  } = await batch({
    userRows: userByIdQuery(userId),
    communities: db
      .select({
        id: schema.communities.id,
        name: schema.communities.name,
        category: schema.communities.category,
        role: schema.communityMembers.role,
      })
      .from(schema.communityMembers)
      .innerJoin(schema.communities, eq(schema.communityMembers.communityId, schema.communities.id))
      .where(and(eq(schema.communityMembers.userId, userId), eq(schema.communityMembers.status, "active")))
      .orderBy(asc(schema.communities.name)),
  });
  if (!user) return null;
  const { id, name, username, avatar, createdAt } = user;
  return { id, name, username, avatar: avatarUrl(avatar), createdAt, communities };
}
