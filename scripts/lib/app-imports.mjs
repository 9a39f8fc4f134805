// The import graph of app/ as the checks read it (check-import-cycles, check-area-direction):
// every .ts/.tsx module and the app modules each one imports, `import type` marked.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");
export const app = join(root, "app");

/** Every module under `dir` (generated route types and declaration files aside). */
export function sources(dir = app) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The module an import names (`~/…` or relative), or null for a package or a non-module file. */
export function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const ending of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const path = base + ending;
    if (existsSync(path) && statSync(path).isFile() && /\.tsx?$/.test(path)) return path;
  }
  return null;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;

/** Static imports and re-exports of a module: `{ specifier, target, typeOnly }`, app modules only. */
export function importsOf(file) {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)]
    .map(([, typeOnly, specifier]) => ({
      specifier,
      target: resolveImport(file, specifier),
      typeOnly: Boolean(typeOnly),
    }))
    .filter((found) => found.target !== null);
}
