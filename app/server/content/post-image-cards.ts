import type { PostImageCard } from "~/lib/post-card";
import { type PostImage, postImageUrl } from "~/server/files/post-images.server";

/** posts.images as stored (a JSON array, decision 066); anything unreadable is no image. */
export function parseImages(value: unknown): PostImage[] {
  try {
    const parsed = typeof value === "string" ? JSON.parse(value) : value;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (image): image is PostImage =>
        typeof image?.key === "string" && Number.isInteger(image.width) && Number.isInteger(image.height),
    );
  } catch {
    return [];
  }
}

/** What a page needs to show them: the checked URL and the size that reserves their space. */
export function toImageCards(postId: number, images: PostImage[]): PostImageCard[] {
  return images.map((image) => ({
    url: postImageUrl(postId, image.key),
    key: image.key,
    width: image.width,
    height: image.height,
  }));
}
