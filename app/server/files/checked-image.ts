import { IMAGE_MAX_PIXELS } from "~/lib/file-limits";
import { type ImageSize, readImageSize } from "./image-size";
import { stripImageMetadata } from "./strip-metadata";

export const IMAGE_CONTENT_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type ImageKind = keyof typeof IMAGE_CONTENT_TYPES;

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

/**
 * The most pixels an upload may have, and the longest side (decision 114): a small file can
 * claim a huge picture (a 48 KB PNG of 20000 × 20000 decodes to 1.6 GB), and every browser that
 * shows it pays for it. Read from the header, before anything is decoded; a photo from a phone
 * (12–24 MP) is well within.
 */
export { IMAGE_MAX_PIXELS };
export const IMAGE_MAX_SIDE = 8_000;

const tooManyPixels = ({ width, height }: ImageSize) =>
  width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS;

export type CheckedImage = { status: "ok"; kind: ImageKind; bytes: Uint8Array; size: ImageSize | null };
export type ImageProblem = { status: "missing" | "too_large" | "wrong_type" };

/**
 * Every uploaded image (avatars, community avatars, post images) passes here: a size limit, the
 * type by magic bytes, a pixel limit from the header (too many pixels is "too_large", the same
 * answer as too many bytes), and its metadata stripped (strip-metadata.ts), whatever the browser did.
 */
export async function checkImage(file: Blob, maxBytes: number): Promise<CheckedImage | ImageProblem> {
  if (file.size === 0) return { status: "missing" };
  if (file.size > maxBytes) return { status: "too_large" };
  const original = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(original);
  if (!kind) return { status: "wrong_type" };
  const claimed = readImageSize(original, kind);
  if (claimed && tooManyPixels(claimed)) return { status: "too_large" };
  const bytes = stripImageMetadata(original, kind);
  if (!bytes) return { status: "wrong_type" };
  const size = readImageSize(bytes, kind);
  if (size && tooManyPixels(size)) return { status: "too_large" };
  return { status: "ok", kind, bytes, size };
}
