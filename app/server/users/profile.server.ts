import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "./avatar";

/** The signed-in user's own profile card (/profile): who they are and where they belong. */
export async function getOwnProfile(userId: number) {
  const db = getDb();
  const user = await db.query.users.findFirst({
    where: and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)),
    columns: { id: true, name: true, username: true, avatar: true, createdAt: true },
  });
  if (!user) return null;
  const communities = await db
    .select({
      id: schema.communities.id,
      name: schema.communities.name,
      category: schema.communities.category,
      role: schema.communityMembers.role,
    })
    .from(schema.communityMembers)
    .innerJoin(schema.communities, eq(schema.communityMembers.communityId, schema.communities.id))
    .where(and(eq(schema.communityMembers.userId, userId), eq(schema.communityMembers.status, "active")))
    .orderBy(asc(schema.communities.name));
  return { ...user, avatar: avatarUrl(user.avatar), communities };
}
