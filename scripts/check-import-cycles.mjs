// Import cycles among app/ modules: `node scripts/check-import-cycles.mjs` lists each cycle and
// exits 1 if there is one: services, routes and components import in one direction (decision 089).
// Static imports and re-exports count; `import type` does not, since it leaves no runtime edge.
import { relative } from "node:path";
import { app, importsOf, root, sources } from "./lib/app-imports.mjs";

const graph = new Map();
for (const file of sources(app)) {
  // `import type` leaves no runtime edge.
  graph.set(file, new Set(importsOf(file).flatMap((found) => (found.typeOnly ? [] : [found.target]))));
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
