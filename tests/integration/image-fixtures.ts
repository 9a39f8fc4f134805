/**
 * Structurally valid JPEG, PNG and WebP files made in the test (no fixture files): segments and
 * chunks are real, the pixel data is filler. Enough for type sniffing and metadata stripping.
 */
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const u16 = (value: number) => [value >> 8, value & 0xff];
const u32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const u32le = (value: number) => u32(value).reverse();

function segment(marker: number, payload: number[]) {
  return [0xff, marker, ...u16(payload.length + 2), ...payload];
}

/** A JPEG of exactly `size` bytes: SOI, JFIF, a scan of filler, EOI. */
export function jpegOfSize(size = 256) {
  const head = [0xff, 0xd8, ...segment(0xe0, [...ascii("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0])];
  const scan = segment(0xda, [1, 1, 0, 0, 63, 0]);
  const filler = size - head.length - scan.length - 2;
  return new Uint8Array([...head, ...scan, ...new Array(filler).fill(0x11), 0xff, 0xd9]);
}

/** A PNG of exactly `size` bytes: IHDR, one IDAT of filler, IEND. */
export function pngOfSize(size = 256) {
  const chunk = (type: string, data: number[]) => [...u32(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
  const ihdr = chunk("IHDR", [...u32(1), ...u32(1), 8, 2, 0, 0, 0]);
  const iend = chunk("IEND", []);
  const idatData = size - 8 - ihdr.length - iend.length - 12;
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...u32(idatData), ...ascii("IDAT")]);
  bytes.set(iend, size - iend.length);
  return bytes;
}

/** A WebP of `size` bytes (even): RIFF, one VP8L chunk of filler. */
export function webpOfSize(size = 256) {
  const data = size - 20;
  const bytes = new Uint8Array(size);
  bytes.set([...ascii("RIFF"), ...u32le(size - 8), ...ascii("WEBP"), ...ascii("VP8L"), ...u32le(data), 0x2f]);
  return bytes;
}

export const SECRETS = ["SecretCam 9000", "GPSLatitude", "Taken at 12 School Lane", "47.3769"];

/**
 * A phone photo: EXIF with the camera, orientation 6 and a GPS block, an XMP packet with the
 * location, a comment, then the picture.
 */
export function jpegWithGps() {
  // Big-endian TIFF: IFD0 at 8 with Make, Orientation, GPS pointer; GPS IFD; then the strings.
  const make = ascii("SecretCam 9000\0");
  const ifd0 = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const gpsIfd = ifd0 + ifd0Size;
  const gpsSize = 2 + 2 * 12 + 4;
  const makeAt = gpsIfd + gpsSize;
  const latAt = makeAt + make.length;
  const tiff = [
    ...ascii("MM"),
    0,
    0x2a,
    ...u32(ifd0),
    ...u16(3),
    ...[0x01, 0x0f, 0, 2, ...u32(make.length), ...u32(makeAt)],
    ...[0x01, 0x12, 0, 3, ...u32(1), 0, 6, 0, 0],
    ...[0x88, 0x25, 0, 4, ...u32(1), ...u32(gpsIfd)],
    ...u32(0),
    ...u16(2),
    ...[0x00, 0x01, 0, 2, ...u32(2), ...ascii("N"), 0, 0, 0],
    ...[0x00, 0x02, 0, 5, ...u32(3), ...u32(latAt)],
    ...u32(0),
    ...make,
    ...u32(47),
    ...u32(1),
    ...u32(22),
    ...u32(1),
    ...u32(3769),
    ...u32(100),
  ];
  const exif = segment(0xe1, [...ascii("Exif\0\0"), ...tiff]);
  const xmp = segment(0xe1, [
    ...ascii("http://ns.adobe.com/xap/1.0/\0"),
    ...ascii('<x:xmpmeta><rdf:Description exif:GPSLatitude="47.3769N"/></x:xmpmeta>'),
  ]);
  const comment = segment(0xfe, ascii("Taken at 12 School Lane"));
  const picture = jpegOfSize(200);
  return new Uint8Array([...picture.subarray(0, 20), ...exif, ...xmp, ...comment, ...picture.subarray(20)]);
}

export function pngWithText() {
  const picture = pngOfSize(200);
  const text = [...u32(30), ...ascii("tEXt"), ...ascii("Comment\0Taken at 12 School"), ...ascii(" Lan"), 0, 0, 0, 0];
  // tEXt goes after IHDR (8 + 25 bytes).
  return new Uint8Array([...picture.subarray(0, 33), ...text, ...picture.subarray(33)]);
}

export function webpWithExif() {
  const vp8x = [...ascii("VP8X"), ...u32le(10), 0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const exif = [...ascii("EXIF"), ...u32le(14), ...ascii("SecretCam 9000")];
  const xmp = [...ascii("XMP "), ...u32le(12), ...ascii("GPSLatitude!")];
  const image = [...ascii("VP8L"), ...u32le(6), 0x2f, 0, 0, 0, 0, 0];
  const body = [...ascii("WEBP"), ...vp8x, ...image, ...exif, ...xmp];
  return new Uint8Array([...ascii("RIFF"), ...u32le(body.length), ...body]);
}

export function containsText(bytes: Uint8Array, text: string) {
  return new TextDecoder("latin1").decode(bytes).includes(text);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: number[] | Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Uint8Array | number[]) {
  const typed = [...ascii(type), ...data];
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/**
 * An image bomb (issue 22 item 4): a real 1-bit greyscale PNG of `side` × `side` black pixels,
 * deflated by the runtime's own CompressionStream. At 20000 × 20000 it is about 48 KB on the wire
 * and 1.6 GB once a browser decodes it to RGBA.
 */
export async function pngBomb(side = 20_000) {
  // Filter byte 0 and black pixels: every byte of the image data is zero, one long deflate run.
  const row = new Uint8Array(1 + Math.ceil(side / 8));
  const stream = new Blob(Array.from({ length: side }, () => row))
    .stream()
    .pipeThrough(new CompressionStream("deflate"));
  const idat = new Uint8Array(await new Response(stream).arrayBuffer());
  const ihdr = [...u32(side), ...u32(side), 1, 0, 0, 0, 0];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk("IHDR", ihdr),
    ...pngChunk("IDAT", idat),
    ...pngChunk("IEND", []),
  ]);
}

/** 74 bytes: a PNG whose header claims 60000 × 60000 pixels, with a token IDAT (issue 22 item 4). */
export function pngClaimingSize(side = 60_000) {
  const ihdr = [...u32(side), ...u32(side), 8, 2, 0, 0, 0];
  // 17 bytes of a zlib stream's start: the file is what a header-only bomb sends, 74 bytes in all.
  const idat = [0x78, 0x9c, 0x63, 0x60, 0x60, 0x60, 0, 0, 0, 0x04, 0, 0x01, 0, 0, 0, 0, 0];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk("IHDR", ihdr),
    ...pngChunk("IDAT", idat),
    ...pngChunk("IEND", []),
  ]);
}
