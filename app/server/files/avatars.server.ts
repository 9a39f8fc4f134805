import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { AVATAR_MAX_BYTES } from "~/lib/file-limits";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, currentTokenQuery, requireCurrentToken, tokenIsCurrent } from "~/server/users/session-user.server";
import { checkImage, IMAGE_CONTENT_TYPES } from "./checked-image";

export { sniffImage } from "./checked-image";
export { stripImageMetadata } from "./strip-metadata";

/** Avatars (SPEC §9 sizes): JPEG, PNG or WebP, at most 5 MB, in R2; users.avatar holds the key. */
export { AVATAR_MAX_BYTES };

/** Keys are avatars/<userId>/<uuid>.<ext>: unique, so a served avatar never changes. */
export const AVATAR_KEY = /^avatars\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** A community's avatar (decision 067): communities/<communityId>/<uuid>.<ext>, same checks. */
export const COMMUNITY_AVATAR_KEY = /^communities\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

export type SaveAvatarResult =
  | { status: "saved"; key: string }
  | { status: "missing" }
  | { status: "too_large" }
  | { status: "wrong_type" };

/**
 * A user's own avatar. A revoked token (decision 042) changes nothing: the file stored before the
 * check goes again, and the request ends as revoked.
 */
export async function saveAvatar(owner: Actor, file: Blob): Promise<SaveAvatarResult> {
  const image = await checkImage(file, AVATAR_MAX_BYTES);
  if (image.status !== "ok") return image;
  const key = `avatars/${owner.id}/${crypto.randomUUID()}.${image.kind}`;
  await env.FILES.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[image.kind] } });
  try {
    await replaceAvatarKey(owner, key);
  } catch (error) {
    // Stored before the check (one round trip for the check and the write): nothing keeps it.
    await env.FILES.delete(key);
    throw error;
  }
  return { status: "saved", key };
}

/** Back to the placeholder (SPEC §2 "default"). */
export async function removeAvatar(owner: Actor) {
  return replaceAvatarKey(owner, "default");
}

/** Sets users.avatar, then deletes the object it replaces, if it was one of ours. */
async function replaceAvatarKey(owner: Actor, key: string): Promise<"ok"> {
  const db = getDb();
  const u = schema.users;
  // Read and write in one batch (one transaction), so the old key read is the one replaced;
  // the token check (decision 042) rides in the same batch and guards the write.
  const { still, before } = await batch({
    still: currentTokenQuery(owner.id, owner.tokenVersion),
    before: db.select({ avatar: u.avatar }).from(u).where(eq(u.id, owner.id)),
    updated: db
      .update(u)
      .set({ avatar: key })
      .where(and(eq(u.id, owner.id), tokenIsCurrent(owner.id, owner.tokenVersion))),
  });
  requireCurrentToken(still);
  const old = before[0]?.avatar;
  if (old && old !== key && AVATAR_KEY.test(old)) await env.FILES.delete(old);
  return "ok";
}

/**
 * The stored avatar for /files/avatars/*, honouring If-None-Match: an object without a body
 * means the client's copy is current. Null when there is no such avatar.
 */
export async function readAvatar(key: string, conditions: Headers) {
  if (!AVATAR_KEY.test(key) && !COMMUNITY_AVATAR_KEY.test(key)) return null;
  return env.FILES.get(key, { onlyIf: conditions });
}
