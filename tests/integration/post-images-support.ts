import { fetchApp } from "./helpers";
import { jpegOfSize, jpegWithGps, pngOfSize } from "./image-fixtures";

const u16 = (value: number) => [value >> 8, value & 0xff];

/** A JPEG start-of-frame (baseline, 3 components) that says `width` × `height`. */
function startOfFrame(width: number, height: number) {
  const payload = [8, ...u16(height), ...u16(width), 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  return [0xff, 0xc0, ...u16(payload.length + 2), ...payload];
}

/** Inserts a start-of-frame before the scan, so the JPEG says its size (the fixtures do not). */
export function withSize(jpeg: Uint8Array, width: number, height: number) {
  const scan = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xda);
  return new Uint8Array([...jpeg.subarray(0, scan), ...startOfFrame(width, height), ...jpeg.subarray(scan)]);
}

/** A JPEG of exactly `size` bytes that is `width` × `height` (filled without large arrays). */
export function sizedJpeg(width: number, height: number, size = 512) {
  const head = withSize(jpegOfSize(64), width, height);
  const scanEnd = head.length - 2;
  const bytes = new Uint8Array(size).fill(0x11);
  bytes.set(head.subarray(0, scanEnd));
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/** A phone photo with GPS, camera and comment, 800 × 600 (orientation 6: shown 600 × 800). */
export function gpsPhoto() {
  return withSize(jpegWithGps(), 800, 600);
}

/** A PNG of `size` bytes whose IHDR says `width` × `height`. */
export function sizedPng(width: number, height: number, size = 256) {
  const bytes = pngOfSize(size);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

export type Upload = { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string };

/** The composer's multipart form, as a browser without JavaScript sends it. */
export function postWithImages(
  cookie: string,
  fields: Record<string, string>,
  images: Upload[],
  path = "/content",
  fileField = "images",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const image of images) form.append(fileField, new File([image.bytes], image.name, { type: image.type ?? "" }));
  return fetchApp(path, { method: "POST", headers: { Cookie: cookie }, body: form });
}

/** The image URLs a page shows, with the attributes of their <img>. */
export function imagesIn(html: string) {
  return [...html.matchAll(/<img [^>]*src="(\/files\/posts\/[^"]+)"[^>]*>/g)].map((match) => ({
    src: match[1]!,
    tag: match[0],
  }));
}
