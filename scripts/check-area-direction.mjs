// Areas depend on each other in one direction (issue 20, docs/architecture.md):
// `node scripts/check-area-direction.mjs` lists every import that goes the wrong way and exits 1.
//
// - app/server/<folder>: a module may import its own folder and folders of a LOWER tier below,
//   never its own tier or a higher one (type-only imports count: they are dependencies too).
// - app/routes/<folder>: a route module may import its own folder's modules, never another's;
//   what two route folders share lives in app/server (or app/lib, app/components).
// - nothing outside app/routes imports a route module at run time (`import type` of a loader's
//   type, for useRouteLoaderData, is fine).
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { app, importsOf, root, sources } from "./lib/app-imports.mjs";
import { architectureDoc, documentedTiers, unnamedFolders } from "./lib/architecture-doc.mjs";

/** Lowest first. Keep in step with the table in docs/architecture.md. */
export const TIERS = [
  // Layers: no rules of any area, only the means every area uses.
  ["config"],
  ["http"],
  ["db"],
  ["queue"],
  ["mail", "realtime", "session"],
  // Areas.
  ["users", "translation"],
  ["auth", "files"],
  ["notifications"],
  ["content", "friends"],
  ["events"],
  ["communities"],
  ["families", "feed", "schools", "moderation"],
  ["chat", "invitations"],
  ["about", "inbox", "settings", "exports"],
];
const tierOf = new Map(TIERS.flatMap((names, tier) => names.map((name) => [name, tier])));

/** `server/chat/x.server.ts` → "chat"; a file at the folder's root names itself (`config.server.ts` → "config"). */
function folderUnder(base, file) {
  const parts = relative(join(app, base), file).split(sep);
  if (parts[0].startsWith("..")) return null;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\..*$/, "");
}

const problems = [];
let checked = 0;
for (const file of sources(app)) {
  const server = folderUnder("server", file);
  const route = folderUnder("routes", file);
  for (const { specifier, target, typeOnly } of importsOf(file)) {
    checked += 1;
    const where = `${relative(root, file)} imports ${specifier}`;
    const targetServer = folderUnder("server", target);
    const targetRoute = folderUnder("routes", target);
    if (server !== null && targetServer !== null && server !== targetServer) {
      const from = tierOf.get(server);
      const to = tierOf.get(targetServer);
      if (from === undefined) problems.push(`${where}: app/server/${server} has no tier in TIERS`);
      else if (to === undefined) problems.push(`${where}: app/server/${targetServer} has no tier in TIERS`);
      else if (to >= from)
        problems.push(`${where}: ${server} (tier ${from}) may not depend on ${targetServer} (tier ${to})`);
    }
    if (targetRoute !== null && route !== targetRoute) {
      if (route !== null) problems.push(`${where}: a route imports another route folder's module`);
      else if (!typeOnly) problems.push(`${where}: only routes import route modules (a type is fine)`);
    }
  }
}

// The document agrees with the tree: every folder is named there, and its tiers are these.
for (const folder of unnamedFolders()) problems.push(`${folder} is named nowhere in ${architectureDoc}`);
const sameTier = (a = [], b = []) =>
  a.length === b.length && [...a].sort().every((name, i) => name === [...b].sort()[i]);
const documented = documentedTiers();
for (let tier = 0; tier < Math.max(TIERS.length, documented.length); tier += 1) {
  if (!sameTier(TIERS[tier], documented[tier])) {
    problems.push(`the tiers in ${architectureDoc} are not TIERS: ${JSON.stringify(documented)}`);
    break;
  }
}
for (const entry of readdirSync(join(app, "server"), { withFileTypes: true })) {
  if (entry.isDirectory() && !tierOf.has(entry.name)) problems.push(`app/server/${entry.name} has no tier in TIERS`);
}

console.log(`${checked} imports in app/ checked, ${problems.length} against the areas' direction or the document`);
for (const problem of problems) console.log(`  ${problem}`);
process.exitCode = problems.length ? 1 : 0;
