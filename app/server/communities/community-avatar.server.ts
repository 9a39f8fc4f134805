import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { managesSql } from "~/server/content/visibility.server";
import { batchSql } from "~/server/db/raw.server";
import { AVATAR_MAX_BYTES, COMMUNITY_AVATAR_KEY, type SaveAvatarResult } from "~/server/files/avatars.server";
import { checkImage, IMAGE_CONTENT_TYPES } from "~/server/files/checked-image";

export type CommunityAvatarResult = SaveAvatarResult | { status: "forbidden" };

/**
 * A community's avatar (decision 067): the checks of a user's avatar (size, type by content,
 * metadata stripped), managers only. The permission is part of the write, so the object is
 * stored first and removed again when the write refuses; the replaced object goes after.
 */
export async function saveCommunityAvatar(
  userId: number,
  communityId: number,
  file: Blob,
): Promise<CommunityAvatarResult> {
  const image = await checkImage(file, AVATAR_MAX_BYTES);
  if (image.status !== "ok") return image;
  const key = `communities/${communityId}/${crypto.randomUUID()}.${image.kind}`;
  await env.FILES.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[image.kind] } });
  const saved = await replaceCommunityAvatar(userId, communityId, key).catch(async (error) => {
    await env.FILES.delete(key);
    throw error;
  });
  if (!saved) await env.FILES.delete(key);
  return saved ? { status: "saved", key } : { status: "forbidden" };
}

/** Back to the first letter on the category's colour. */
export async function removeCommunityAvatar(userId: number, communityId: number) {
  return replaceCommunityAvatar(userId, communityId, "default");
}

async function replaceCommunityAvatar(userId: number, communityId: number, key: string) {
  const where = sql`id = ${communityId} AND ${managesSql(userId, communityId)}`;
  const [before, after] = await batchSql([
    sql`SELECT avatar FROM communities WHERE ${where}`,
    sql`UPDATE communities SET avatar = ${key} WHERE ${where} RETURNING id`,
  ]);
  if (!after?.length) return false;
  const old = (before as { avatar: string }[])[0]?.avatar;
  if (old && old !== key && COMMUNITY_AVATAR_KEY.test(old)) await env.FILES.delete(old);
  return true;
}
