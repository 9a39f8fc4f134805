import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { managesSql } from "~/server/content/visibility.server";
import { AVATAR_MAX_BYTES, COMMUNITY_AVATAR_KEY, type SaveAvatarResult } from "~/server/files/avatars.server";
import { checkImage, IMAGE_CONTENT_TYPES } from "~/server/files/checked-image";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

export type CommunityAvatarResult = SaveAvatarResult | { status: "forbidden" };

/**
 * A community's avatar (decision 067): the checks of a user's avatar (size, type by content,
 * metadata stripped), managers only. The permission is part of the write, so the object is
 * stored first and removed again when the write refuses; the replaced object goes after.
 */
export async function saveCommunityAvatar(
  manager: Actor,
  communityId: number,
  file: Blob,
): Promise<CommunityAvatarResult> {
  const image = await checkImage(file, AVATAR_MAX_BYTES);
  if (image.status !== "ok") return image;
  const key = `communities/${communityId}/${crypto.randomUUID()}.${image.kind}`;
  await env.FILES.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[image.kind] } });
  const saved = await replaceCommunityAvatar(manager, communityId, key).catch(async (error) => {
    await env.FILES.delete(key);
    throw error;
  });
  if (saved !== true) await env.FILES.delete(key);
  return saved ? { status: "saved", key } : { status: "forbidden" };
}

/** Back to the first letter on the category's colour. */
export async function removeCommunityAvatar(manager: Actor, communityId: number) {
  return replaceCommunityAvatar(manager, communityId, "default");
}

async function replaceCommunityAvatar(manager: Actor, communityId: number, key: string): Promise<boolean> {
  const where = sql`id = ${communityId} AND ${managesSql(manager.id, communityId)}`;
  const results = await batchAs(manager, {
    before: sql`SELECT avatar FROM communities WHERE ${where}`,
    after: sql`UPDATE communities SET avatar = ${key} WHERE ${where} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
      RETURNING id`,
  });
  const { before, after } = results;
  if (!after?.length) return false;
  const old = (before as { avatar: string }[])[0]?.avatar;
  if (old && old !== key && COMMUNITY_AVATAR_KEY.test(old)) await env.FILES.delete(old);
  return true;
}
