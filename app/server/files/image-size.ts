import { readOrientation, type StrippableImage } from "./strip-metadata";

export type ImageSize = { width: number; height: number };

/**
 * The displayed size of a JPEG, PNG or WebP from its headers, without decoding a pixel, so
 * pages can set `width`/`height` on every <img> and nothing shifts while images load
 * (decision 066). A JPEG whose EXIF orientation turns it (5–8) shows with its sides swapped.
 * Null when the headers do not say: such a file is refused rather than shown unsized.
 */
export function readImageSize(bytes: Uint8Array, kind: StrippableImage): ImageSize | null {
  try {
    const size = kind === "jpg" ? jpegSize(bytes) : kind === "png" ? pngSize(bytes) : webpSize(bytes);
    return size && size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  let orientation: number | null = null;
  let size: ImageSize | null = null;
  let offset = 2;
  // Up to the scan: the orientation may come after the frame header (strip-metadata.ts puts it there).
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = data.getUint16(offset + 2);
    if (marker === 0xe1) orientation ??= readOrientation(bytes.subarray(offset + 4, offset + 2 + length));
    if (isStartOfFrame(marker)) size ??= { width: data.getUint16(offset + 7), height: data.getUint16(offset + 5) };
    offset += 2 + length;
  }
  if (!size) return null;
  return orientation !== null && orientation >= 5 ? { width: size.height, height: size.width } : size;
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20) };
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8X") {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = data.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  }
  return null;
}
