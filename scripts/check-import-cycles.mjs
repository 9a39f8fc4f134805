// Import cycles among app/ modules: `node scripts/check-import-cycles.mjs` lists each cycle and
// exits 1 if there is one: services, routes and components import in one direction (decision 089).
// Static imports and re-exports count; `import type` does not, since it leaves no runtime edge.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const app = join(root, "app");

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from, specifier) {
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
const graph = new Map();
for (const file of sources(app)) {
  const edges = new Set();
  for (const [, typeOnly, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = typeOnly ? null : resolveImport(file, specifier);
    if (target) edges.add(target);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(relative(root, member));
  } while (member !== node);
  if (component.length > 1 || graph.get(node).has(node)) cycles.push(component);
}
for (const node of graph.keys()) if (!index.has(node)) visit(node);

console.log(`${graph.size} modules in app/, ${cycles.length} import cycles`);
for (const cycle of cycles) console.log(`  ${cycle.join(" ↔ ")}`);
process.exitCode = cycles.length ? 1 : 0;
