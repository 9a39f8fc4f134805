import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { stripImageMetadata } from "./strip-metadata";

export { stripImageMetadata } from "./strip-metadata";

/** Avatars (SPEC §9 sizes): JPEG, PNG or WebP, at most 5 MB, in R2; users.avatar holds the key. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const CONTENT_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
type ImageKind = keyof typeof CONTENT_TYPES;

/** Keys are avatars/<userId>/<uuid>.<ext>: unique, so a served avatar never changes. */
export const AVATAR_KEY = /^avatars\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/**
 * The type from the file's first bytes, not from what the browser declared: a renamed
 * executable is not an image however it is labelled.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export type SaveAvatarResult =
  | { status: "saved"; key: string }
  | { status: "missing" }
  | { status: "too_large" }
  | { status: "wrong_type" };

export async function saveAvatar(userId: number, file: Blob): Promise<SaveAvatarResult> {
  if (file.size === 0) return { status: "missing" };
  if (file.size > AVATAR_MAX_BYTES) return { status: "too_large" };
  const original = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(original);
  if (!kind) return { status: "wrong_type" };
  // Whatever the browser did: no location or camera data is stored (strip-metadata.ts).
  const bytes = stripImageMetadata(original, kind);
  if (!bytes) return { status: "wrong_type" };

  const key = `avatars/${userId}/${crypto.randomUUID()}.${kind}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: CONTENT_TYPES[kind] } });
  try {
    await replaceAvatarKey(userId, key);
  } catch (error) {
    await env.FILES.delete(key);
    throw error;
  }
  return { status: "saved", key };
}

/** Back to the placeholder (SPEC §2 "default"). */
export async function removeAvatar(userId: number) {
  await replaceAvatarKey(userId, "default");
}

/** Sets users.avatar, then deletes the object it replaces, if it was one of ours. */
async function replaceAvatarKey(userId: number, key: string) {
  const db = getDb();
  const u = schema.users;
  // Read and write in one batch (one transaction), so the old key read is the one replaced.
  const [before] = await db.batch([
    db.select({ avatar: u.avatar }).from(u).where(eq(u.id, userId)),
    db.update(u).set({ avatar: key }).where(eq(u.id, userId)),
  ]);
  const old = before[0]?.avatar;
  if (old && old !== key && AVATAR_KEY.test(old)) await env.FILES.delete(old);
}

/**
 * The stored avatar for /files/avatars/*, honouring If-None-Match: an object without a body
 * means the client's copy is current. Null when there is no such avatar.
 */
export async function readAvatar(key: string, conditions: Headers) {
  if (!AVATAR_KEY.test(key)) return null;
  return env.FILES.get(key, { onlyIf: conditions });
}
