// Real PNGs made in code (no binary files in the repository): the demo photos of the seed and
// the photo the end-to-end tests upload, which a browser must be able to decode.
import { crc32, deflateSync } from "node:zlib";

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A left-to-right gradient from one RGB colour to another: every row the same, a few KB. */
export function gradientPng(width, height, from, to = from) {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) {
    for (let c = 0; c < 3; c += 1) {
      row[1 + x * 3 + c] = Math.round(from[c] + ((to[c] - from[c]) * x) / Math.max(1, width - 1));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
