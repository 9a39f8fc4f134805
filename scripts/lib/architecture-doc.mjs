// docs/architecture.md read as data, so scripts/check-area-direction.mjs can hold the document to
// the tree (issue 20 item 5): every area folder is named on the page, and its tier table is the
// script's TIERS.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { app, root } from "./app-imports.mjs";

export const architectureDoc = "docs/architecture.md";
const text = readFileSync(join(root, architectureDoc), "utf8");
const named = new Set([...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]));

const folders = (dir) =>
  readdirSync(join(app, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Folders of routes/, server/, components/ and namespaces of locales/en/ the page never names. */
export function unnamedFolders() {
  const missing = [];
  for (const base of ["routes", "server", "components"]) {
    for (const name of folders(base)) {
      if (!named.has(name) && !named.has(`${base}/${name}`)) missing.push(`app/${base}/${name}`);
    }
  }
  for (const file of readdirSync(join(app, "locales/en"))) {
    if (file.endsWith(".json") && !named.has(file)) missing.push(`app/locales/en/${file}`);
  }
  return missing;
}

/**
 * The page's tier table, lowest first, in TIERS' shape: its row 0 is the layers, written
 * highest first (`mail`, `realtime`, `session` → `queue` → … → `config`), one tier per arrow.
 */
export function documentedTiers() {
  const section = text.slice(text.indexOf("## Direction"), text.indexOf("## Adding an area"));
  const rows = [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((match) => ({
    tier: Number(match[1]),
    names: match[2],
  }));
  const namesIn = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  const layers = rows.find((row) => row.tier === 0);
  const areas = rows.filter((row) => row.tier > 0).sort((a, b) => a.tier - b.tier);
  return [...(layers ? layers.names.split("→").map(namesIn).reverse() : []), ...areas.map((row) => namesIn(row.names))];
}
