/**
 * Removes what a photo says about where and when it was taken, and with what (docs/decisions/
 * 031-request-hardening.md "Image metadata"): EXIF (GPS included), XMP, IPTC,
 * comments and text chunks, from JPEG, PNG and WebP, by walking their segments and chunks. No
 * pixel is decoded or changed. The JPEG orientation is kept (a minimal EXIF with only that tag),
 * so a phone photo uploaded without JavaScript still shows upright. Returns null for a file whose
 * structure does not parse: it is refused rather than stored with its metadata.
 */
export type StrippableImage = "jpg" | "png" | "webp";

export function stripImageMetadata(bytes: Uint8Array, kind: StrippableImage): Uint8Array | null {
  try {
    if (kind === "jpg") return stripJpeg(bytes);
    if (kind === "png") return stripPng(bytes);
    return stripWebp(bytes);
  } catch {
    return null;
  }
}

class Output {
  private readonly parts: Uint8Array[] = [];
  push(part: Uint8Array) {
    this.parts.push(part);
  }
  bytes() {
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function malformed(): never {
  throw new Error("malformed image");
}

// ── JPEG: markers FFxx; APP1 (EXIF, XMP), APP3–APP13 (IPTC, vendor data), APP15, COM go. APP0
// (JFIF), APP2 (ICC colour profile) and APP14 (Adobe colour transform) affect how it looks.
const KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(bytes: Uint8Array) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) malformed();
  const out = new Output();
  out.push(bytes.subarray(0, 2));
  let orientation: number | null = null;
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) malformed();
    const marker = bytes[offset + 1] ?? malformed();
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      out.push(bytes.subarray(offset, offset + 2));
      return out.bytes();
    }
    const length = ((bytes[offset + 2] ?? malformed()) << 8) | (bytes[offset + 3] ?? malformed());
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) malformed();
    if (marker === 0xda) {
      // Start of scan: from here on, compressed data and later scans; keep all of it.
      if (orientation !== null) out.push(orientationExif(orientation));
      out.push(bytes.subarray(offset));
      return out.bytes();
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (marker === 0xe1) orientation ??= readOrientation(bytes.subarray(offset + 4, end));
    if (!(isApp && !KEPT_APP.has(marker)) && marker !== 0xfe) out.push(bytes.subarray(offset, end));
    offset = end;
  }
  malformed();
}

/** The Orientation tag (0x0112) of an EXIF APP1 payload, or null. */
export function readOrientation(payload: Uint8Array): number | null {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (!exif.every((byte, i) => payload[i] === byte)) return null;
  const tiff = payload.subarray(6);
  const little = tiff[0] === 0x49;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** APP1 with an EXIF block holding only the orientation: big-endian TIFF, one IFD, one entry. */
function orientationExif(orientation: number) {
  const body = [
    ...[0x45, 0x78, 0x69, 0x66, 0, 0],
    ...[0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8],
    ...[0, 1],
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0],
  ];
  const length = body.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

// ── PNG: chunks (length, type, data, CRC). Text (tEXt, zTXt, iTXt), eXIf and tIME go.
const DROPPED_PNG = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function stripPng(bytes: Uint8Array) {
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) malformed();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Output();
  out.push(bytes.subarray(0, 8));
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) malformed();
    if (!DROPPED_PNG.has(type)) out.push(bytes.subarray(offset, end));
    if (type === "IEND") return out.bytes();
    offset = end;
  }
  malformed();
}

// ── WebP: RIFF chunks (FourCC, little-endian size, data padded to even). EXIF and XMP go, and
// VP8X stops announcing them.
function stripWebp(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fourCC = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (fourCC(0) !== "RIFF" || fourCC(8) !== "WEBP") malformed();
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) malformed();
  const chunks: Uint8Array[] = [];
  let offset = 12;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) malformed();
    const type = fourCC(offset);
    const size = view.getUint32(offset + 4, true);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > riffEnd) malformed();
    if (type === "VP8X") {
      const chunk = bytes.slice(offset, Math.min(end, riffEnd));
      chunk[8] = (chunk[8] ?? 0) & ~(0x08 | 0x04);
      chunks.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") {
      chunks.push(bytes.subarray(offset, Math.min(end, riffEnd)));
    }
    offset = end;
  }
  const body = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body + 4, true);
  const out = new Output();
  out.push(header);
  for (const chunk of chunks) out.push(chunk);
  return out.bytes();
}
