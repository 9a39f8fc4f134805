// The package registry reachable from our build machines does not serve the macOS, Windows,
// Android and musl builds of biome and workerd, so npm leaves them out of package-lock.json and
// `npm ci` then refuses the lock as out of sync. This adds the entries npm would have written
// (platform packages are optional and skipped on other systems), so `npm ci` works here and
// on any machine. Run it after `npm install` changes the lock (docs/decisions/024-lockfile.md).
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "@biomejs/biome": {
    "@biomejs/cli-android-arm64": { os: ["android"], cpu: ["arm64"] },
    "@biomejs/cli-android-x64": { os: ["android"], cpu: ["x64"] },
    "@biomejs/cli-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
    "@biomejs/cli-darwin-x64": { os: ["darwin"], cpu: ["x64"] },
    "@biomejs/cli-linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
    "@biomejs/cli-linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
    "@biomejs/cli-win32-arm64": { os: ["win32"], cpu: ["arm64"] },
    "@biomejs/cli-win32-x64": { os: ["win32"], cpu: ["x64"] },
  },
  workerd: {
    "@cloudflare/workerd-darwin-64": { os: ["darwin"], cpu: ["x64"] },
    "@cloudflare/workerd-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
    "@cloudflare/workerd-windows-64": { os: ["win32"], cpu: ["x64"] },
  },
};

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  const name = path.replace(/^.*node_modules\//, "");
  const platforms = PLATFORMS[name];
  if (!platforms) continue;
  const parent = path.slice(0, path.length - name.length); // "…node_modules/"
  for (const [dependency, platform] of Object.entries(platforms)) {
    const version = entry.optionalDependencies?.[dependency];
    if (!version) continue;
    // npm installs a package's optional dependencies next to it (hoisted where possible).
    const sibling = `${parent}${dependency}`;
    const nested = `${path}/node_modules/${dependency}`;
    if (lock.packages[sibling] || lock.packages[nested]) continue;
    lock.packages[sibling] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
