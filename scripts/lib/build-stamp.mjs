// Knowing that a build is current (decision 189): `.ci/run` builds build/ the way `npm start` does,
// then `npm test` would build the same sources again into build-test/. A build leaves a stamp
// beside it, the hash of what it was built from and the hash of what it wrote, and `npm test`
// copies a build whose stamp still matches both instead of building again.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = ".inputs.json";
// Written into a build directory after the build, by the runs that use it: the local settings and
// the fake services' config (scripts/lib/local.mjs), `wrangler dev`'s scratch files, the deploy
// dry run's bundle (scripts/test.mjs).
const WRITTEN_LATER = new Set([
  "server/.dev.vars",
  "server/wrangler.services.json",
  "server/.wrangler",
  "dry-run",
  STAMP,
]);
// What a build cannot read: the tests, the docs, the bench notes and the README. Everything else
// in the checkout (tracked or new, not ignored) counts, with the installed packages and Node's version.
const NOT_BUILT_FROM = /^((tests|docs|bench)\/|README\.md$)/;

/**
 * The hash of everything the build in checkout `root` reads, or null outside a git checkout
 * (then nothing is reused).
 */
export function inputsHash(root = ".") {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) return null;
  const hash = createHash("sha256").update(process.version);
  const files = [...new Set(listed.stdout.split("\0"))].filter((file) => file && !NOT_BUILT_FROM.test(file)).sort();
  for (const file of [...files, "node_modules/.package-lock.json"]) {
    hash.update(`\0${file}\0`);
    // A file git lists but the checkout deleted counts as missing, which is a change too.
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  }
  return hash.digest("hex");
}

function outputFiles(dir, prefix = "") {
  const files = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (WRITTEN_LATER.has(path)) continue;
    if (entry.isDirectory()) files.push(...outputFiles(dir, path));
    else files.push(path);
  }
  return files.sort();
}

/** The hash of what a build wrote into `dir` (its client/ and server/). */
function outputsHash(dir) {
  const hash = createHash("sha256");
  for (const file of outputFiles(dir)) hash.update(`\0${file}\0`).update(readFileSync(join(dir, file)));
  return hash.digest("hex");
}

/** After a build into `dir` from the sources whose hash is `inputs` (taken before it started). */
export function writeStamp(dir, inputs) {
  if (!inputs || !existsSync(dir)) return;
  writeFileSync(join(dir, STAMP), JSON.stringify({ inputs, outputs: outputsHash(dir) }));
}

/** True when `dir` holds a whole build of exactly these sources, untouched since. */
export function isCurrent(dir, inputs) {
  if (!inputs || !existsSync(join(dir, STAMP))) return false;
  try {
    const stamp = JSON.parse(readFileSync(join(dir, STAMP), "utf8"));
    return stamp.inputs === inputs && stamp.outputs === outputsHash(dir);
  } catch {
    return false;
  }
}

/**
 * Copies the build in `from` to `to` (directories of checkout `root`), as if it had been built
 * there: its stamp, and wrangler's pointer to the configuration to deploy
 * (.wrangler/deploy/config.json, which the build writes and `wrangler deploy` follows) naming the copy.
 */
export function copyBuild(from, to, inputs, root = ".") {
  const [source, target] = [join(root, from), join(root, to)];
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const part of ["client", "server"]) {
    cpSync(join(source, part), join(target, part), {
      recursive: true,
      filter: (path) => !WRITTEN_LATER.has(path.slice(source.length + 1)),
    });
  }
  writeStamp(target, inputs);
  const pointer = join(root, ".wrangler/deploy/config.json");
  const config = existsSync(pointer) ? JSON.parse(readFileSync(pointer, "utf8")) : { auxiliaryWorkers: [] };
  mkdirSync(join(root, ".wrangler/deploy"), { recursive: true });
  writeFileSync(pointer, JSON.stringify({ ...config, configPath: `../../${to}/server/wrangler.json` }));
}
