import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "./avatar";

const u = schema.users;

/**
 * The signed-in user's own profile card (/profile): who they are and where they belong. One
 * round trip (decision 041): the user and their communities in one batch.
 */
export async function getOwnProfile(userId: number) {
  const db = getDb();
  const [users, communities] = await db.batch([
    db
      .select({ id: u.id, name: u.name, username: u.username, avatar: u.avatar, createdAt: u.createdAt })
      .from(u)
      .where(and(eq(u.id, userId), isNull(u.deletedAt)))
      .limit(1),
    db
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
  ]);
  const user = users[0];
  if (!user) return null;
  return { ...user, avatar: avatarUrl(user.avatar), communities };
}
