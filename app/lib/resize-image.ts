/** Avatars are shown at 64 px at most; 512 leaves room for sharp screens (SPEC §9). */
export const AVATAR_MAX_SIDE = 512;

/** Photos in posts: sharp across a phone or a laptop column, a few hundred KB (decision 066). */
export const POST_IMAGE_MAX_SIDE = 1600;

/**
 * Scales an image down in the browser so uploads stay small: WebP where the browser can write
 * it, else JPEG. Null when the browser cannot decode the file; the caller then sends the
 * original and the server says what is wrong with it.
 */
export async function resizeImage(file: Blob, maxSide = AVATAR_MAX_SIDE): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    const webp = await encode("image/webp");
    // toBlob falls back to PNG for types it cannot write.
    return webp?.type === "image/webp" ? webp : await encode("image/jpeg");
  } catch {
    return null;
  }
}
