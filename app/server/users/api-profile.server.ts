import { and, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "./avatar";

/**
 * `GET /api/v1/user/profile` (SPEC §7: "fetched after login"): the signed-in person as an app
 * needs them to draw its shell. Never the password hash or token state.
 */
export async function loadApiProfile(userId: number) {
  const user = await getDb().query.users.findFirst({
    where: and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)),
    columns: {
      id: true,
      name: true,
      username: true,
      email: true,
      avatar: true,
      theme: true,
      locale: true,
      emailVerifiedAt: true,
      createdAt: true,
    },
  });
  if (!user) return null;
  const { emailVerifiedAt, ...profile } = user;
  return { ...profile, avatar: avatarUrl(user.avatar), emailVerified: emailVerifiedAt !== null };
}
