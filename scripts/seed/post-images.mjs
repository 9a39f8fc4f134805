// Demo photos on posts (decision 066): a few seeded posts in every demo user's newsfeed carry
// images, so the feed and `npm run bench`'s /newsfeed show what a real one does. The pictures
// are gradients (scripts/lib/png.mjs, no binary files in the repository), stored in the local R2 bucket
// with one `wrangler r2 bulk put`; the posts point at them with their sizes.

import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, env } from "../lib/local.mjs";
import { gradientPng } from "../lib/png.mjs";

// [post id (scripts/seed/communities.mjs numbers them from 1001), photos as [width, height, from, to]].
const PHOTOS = [
  [1001, [[1200, 800, [250, 200, 120], [220, 90, 60]]]],
  [
    1009,
    [
      [1200, 900, [120, 190, 240], [40, 90, 170]],
      [900, 1200, [150, 220, 150], [40, 120, 80]],
    ],
  ],
  [1017, [[1600, 900, [240, 240, 200], [200, 120, 200]]]],
  [
    1002,
    [
      [800, 800, [255, 220, 200], [240, 120, 120]],
      [800, 800, [200, 230, 255], [90, 120, 230]],
      [800, 800, [220, 255, 210], [90, 180, 90]],
    ],
  ],
];

/**
 * Starts storing the photos in local R2 (the database's --persist-to) and returns the SQL that
 * uses them, and a promise for the upload: it runs beside the seed's `d1 execute`, so the demo
 * data (and the end-to-end server's start) takes no longer for it.
 */
export function postImagesSeed(persistTo) {
  const dir = mkdtempSync(join(tmpdir(), "seed-images-"));
  const manifest = [];
  const sql = [];
  let n = 0;
  for (const [postId, photos] of PHOTOS) {
    const images = photos.map(([width, height, from, to]) => {
      n += 1;
      const key = `posts/00000000-0000-4000-8000-${String(n).padStart(12, "0")}.png`;
      const file = join(dir, `${n}.png`);
      writeFileSync(file, gradientPng(width, height, from, to));
      manifest.push({ key, file });
      return { key, width, height };
    });
    sql.push(`UPDATE posts SET images = '${JSON.stringify(images)}' WHERE id = ${postId};`);
  }
  const manifestFile = join(dir, "manifest.json");
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const args = ["r2", "bulk", "put", "schoolhub-files", "--filename", manifestFile, "--content-type", "image/png"];
  const upload = new Promise((resolve, reject) => {
    const child = spawn(bin("wrangler"), [...args, "--local", "--persist-to", persistTo], { stdio: "inherit", env });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`wrangler r2 bulk put failed (exit ${code})`)),
    );
  });
  return { sql, upload };
}
