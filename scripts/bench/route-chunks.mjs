// `node scripts/bench/route-chunks.mjs <build-dir> [<other-build-dir>]`: for every page route of a
// production build, the script files its first load names (the client entry and its imports, then
// each matched route's module and imports, as React Router's <Scripts> writes them as module
// preloads) and their gzip bytes (level 9, as the bench counts), read from the build's route
// manifest without serving anything. With a second build, the change per route (decision 202).
// A route is counted with all its ancestors, whether or not the page ships scripts (hydrate: false).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { GZIP_LEVEL } from "./config.mjs";

function routeScripts(dir) {
  const assets = join(dir, "client", "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[0-9a-f]{8}\.js$/.test(name));
  if (!file) throw new Error(`${dir}: no route manifest (build first)`);
  const text = readFileSync(join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
  const gzipped = new Map();
  const gz = (href) => {
    if (!gzipped.has(href))
      gzipped.set(href, gzipSync(readFileSync(join(dir, "client", href)), { level: GZIP_LEVEL }).length);
    return gzipped.get(href);
  };
  const perRoute = new Map();
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (!route.hasDefaultExport) continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    const chain = [];
    for (let at = route; at; at = at.parentId ? manifest.routes[at.parentId] : null) chain.unshift(at);
    for (const match of chain) for (const href of [match.module, ...(match.imports ?? [])]) files.add(href);
    perRoute.set(id, { files: files.size, gzip: [...files].reduce((sum, href) => sum + gz(href), 0) });
  }
  return perRoute;
}

const [dirA, dirB] = process.argv.slice(2);
if (!dirA) {
  console.error("usage: node scripts/bench/route-chunks.mjs <build-dir> [<other-build-dir>]");
  process.exit(2);
}
const a = routeScripts(dirA);
const b = dirB ? routeScripts(dirB) : null;
console.log(b ? "| route | files | gzip | files after | gzip after | change |" : "| route | files | gzip |");
console.log(b ? "|---|---:|---:|---:|---:|---:|" : "|---|---:|---:|");
const mean = (map, key) => [...map.values()].reduce((sum, row) => sum + row[key], 0) / map.size;
let worst = Number.NEGATIVE_INFINITY;
for (const [id, before] of [...a].sort(([x], [y]) => (x < y ? -1 : 1))) {
  const after = b?.get(id);
  if (!after) {
    console.log(`| ${id} | ${before.files} | ${before.gzip} |${b ? " – | – | – |" : ""}`);
    continue;
  }
  worst = Math.max(worst, after.gzip - before.gzip);
  const change = after.gzip - before.gzip;
  console.log(
    `| ${id} | ${before.files} | ${before.gzip} | ${after.files} | ${after.gzip} | ${change > 0 ? "+" : ""}${change} |`,
  );
}
console.log(
  `${a.size} routes: mean ${mean(a, "files").toFixed(1)} files, ${mean(a, "gzip").toFixed(0)} B gzip` +
    (b
      ? `; after ${mean(b, "files").toFixed(1)} files, ${mean(b, "gzip").toFixed(0)} B; largest change ${worst} B`
      : ""),
);
