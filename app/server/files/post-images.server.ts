import { env } from "cloudflare:workers";
/**
 * Images on posts (decision 066): up to 4 per post, each at most 8 MB as uploaded (phone photos
 * without JavaScript; with it the browser sends them scaled to 1,600 px), JPEG, PNG or WebP by
 * content, stripped of metadata, with their size read so pages reserve their space.
 */
import { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX } from "~/lib/file-limits";
import { checkImage, IMAGE_CONTENT_TYPES, type ImageProblem } from "./checked-image";

export { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX };
/** A form with four full-size images and its text; a larger body is refused as it streams in. */
export const POST_FORM_MAX_BYTES = POST_IMAGES_MAX * POST_IMAGE_MAX_BYTES + 128 * 1024;

export type PostImage = { key: string; width: number; height: number };

/** R2 keys are posts/<uuid>.<ext>: never reused, so a served image never changes. */
export const POST_IMAGE_KEY = /^posts\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

export type StoreImagesResult = { status: "stored"; images: PostImage[] } | ImageProblem | { status: "too_many" };

/**
 * Checks every file first, then stores them all: nothing reaches R2 unless the whole set is
 * acceptable. Empty file fields (a form sent without a choice) are no image.
 */
export async function storePostImages(files: Blob[]): Promise<StoreImagesResult> {
  const chosen = files.filter((file) => file.size > 0);
  if (chosen.length > POST_IMAGES_MAX) return { status: "too_many" };
  const checked = [];
  for (const file of chosen) {
    const image = await checkImage(file, POST_IMAGE_MAX_BYTES);
    if (image.status !== "ok") return image;
    if (!image.size) return { status: "wrong_type" };
    checked.push({ ...image, size: image.size });
  }
  const images: PostImage[] = [];
  for (const image of checked) {
    const key = `posts/${crypto.randomUUID()}.${image.kind}`;
    await env.FILES.put(key, image.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[image.kind] } });
    images.push({ key, ...image.size });
  }
  return { status: "stored", images };
}

/** Removes images whose post is gone or no longer shows them. */
export async function deletePostImages(images: Pick<PostImage, "key">[]) {
  const keys = images.map((image) => image.key).filter((key) => POST_IMAGE_KEY.test(key));
  if (keys.length) await env.FILES.delete(keys);
}

/** The stored object for an image the caller has already found on a post they may see. */
export function readPostImage(key: string, conditions: Headers) {
  if (!POST_IMAGE_KEY.test(key)) return null;
  return env.FILES.get(key, { onlyIf: conditions });
}

/** Where pages load a post's image: beside the post's id, which the route checks access by. */
export function postImageUrl(postId: number, key: string) {
  return `/files/posts/${postId}/${key.slice("posts/".length)}`;
}
