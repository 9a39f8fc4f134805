// The browser's chunks grouped by the pages that load them (decision 202). Rolldown's automatic
// splitting makes one chunk per set of entries that import a module, but it does not know that a
// route module never loads alone: every page loads the client entry, the root and its layouts
// too. So a module the root imports and one the root and the newsfeed import land in two chunks
// that every page loads anyway: 47 module preloads on /newsfeed, each listed again in the route
// manifest the server writes into every page. Here a module's group is the set of routes whose
// page loads it (a route's page loads its own module and its ancestors'); modules with the same
// set share one chunk. A page loads the modules it loaded before, on a first visit or a
// client-side navigation, in fewer files (one exception: two constants-only modules the client
// entry imports, whose constants rolldown had inlined, now ride in the shell: 391 bytes raw).
// Modules reached by a dynamic import keep that import in their key, so lazy code stays lazy.
// Public Vite and rolldown options only (`output.codeSplitting.groups`, a `name` function
// reading `getModuleInfo`).
import { basename, resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Plugin, Rolldown } from "vite";

/** React Router's suffix for a route's client entry (a facade over the route file). */
const ROUTE_ENTRY = "?__react-router-build-client-route";
/** Every page loads these: the client entry's and the root's whole static graph. */
const EVERY_PAGE = "*";

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;
const isAppModule = (id: string) => !id.startsWith("\0") && !/[\\/]node_modules[\\/]/.test(id);
const fileStem = (id: string) => basename(id.replace(/[?#].*$/, "")).replace(/\.[^.]*$/, "") || "pages";

interface RouteNode {
  id: string;
  file: string;
  children: RouteNode[];
}

function tree(entries: RouteConfigEntry[], parentId: string): RouteNode[] {
  return entries.map((entry) => {
    const id = `${parentId}/${entry.id ?? entry.file.replace(/\.[jt]sx?$/, "")}`;
    return { id, file: entry.file, children: tree(entry.children ?? [], id) };
  });
}

/**
 * For each route file's client entry id, the routes whose page loads it: the routes declared with
 * that file and all their descendants. The root's entry and the client entry load on every page.
 */
function pagesByEntry(routes: RouteConfigEntry[], appDirectory: string, always: string[]) {
  const pages = new Map<string, Set<string>>();
  /** Each route's file, to ask whether it renders a page (a resource route does not). */
  const files = new Map<string, string>();
  const add = (node: RouteNode): string[] => {
    const below = [node.id, ...node.children.flatMap(add)];
    files.set(node.id, resolve(appDirectory, node.file));
    const key = resolve(appDirectory, node.file) + ROUTE_ENTRY;
    const set = pages.get(key) ?? new Set<string>();
    for (const id of below) set.add(id);
    pages.set(key, set);
    return below;
  };
  for (const node of tree(routes, "")) add(node);
  for (const id of always) pages.set(id, new Set([EVERY_PAGE]));
  return { pages, files };
}

export interface PageChunksOptions {
  /** The app's route config (`app/routes.ts`). */
  routes: RouteConfigEntry[];
  /** React Router's `appDirectory`, where route files are resolved. */
  appDirectory?: string;
  rootFile?: string;
  clientEntry?: string;
}

/** `output.codeSplitting` for the client build: one chunk per set of pages. */
export function pageChunkGroups({
  routes,
  appDirectory = "app",
  rootFile = "root.tsx",
  clientEntry = "entry.client.tsx",
}: PageChunksOptions): Rolldown.CodeSplittingOptions {
  const entryId = resolve(appDirectory, clientEntry);
  const { pages, files } = pagesByEntry(routes, appDirectory, [entryId, resolve(appDirectory, rootFile) + ROUTE_ENTRY]);
  /**
   * The routes that render a page: a module with a default export in the client build. A
   * resource route (a loader or an action alone) is no page, so it does not keep a module that
   * every page loads out of the shell (decision 227).
   */
  let rendering: Set<string> | null = null;
  function renders(page: string, getModuleInfo: ModuleInfoOf) {
    rendering ??= new Set(
      [...files].filter(([, file]) => getModuleInfo(file)?.exports.includes("default")).map(([id]) => id),
    );
    return !files.has(page) || rendering.has(page);
  }

  /** The set of pages that load `id`, or null: one entry's own code, or an unknown entry's. */
  function pagesOf(id: string, getModuleInfo: ModuleInfoOf): string | null {
    const entries = new Set<string>();
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      if (seen.has(current)) continue;
      seen.add(current);
      const info = getModuleInfo(current);
      if (pages.has(current)) entries.add(current);
      else if (info?.isEntry) return null;
      if (!info) continue;
      if (info.dynamicImporters.length > 0) entries.add(`import(${current})`);
      stack.push(...info.importers);
    }
    // Reached by one entry alone: rolldown already puts it in that entry's chunk.
    if (entries.size < 2) return null;
    const set = new Set<string>();
    for (const entry of entries)
      for (const page of pages.get(entry) ?? [entry]) if (renders(page, getModuleInfo)) set.add(page);
    // Loaded by every page there is (the resource routes aside): it is the shell's.
    const everyPage = rendering !== null && [...rendering].every((page) => set.has(page));
    return set.has(EVERY_PAGE) || everyPage ? EVERY_PAGE : [...set].sort().join(" ");
  }

  /**
   * Every module's group, decided once over the whole graph (walked from the known entries): the
   * set of pages that load it. A set's chunk is named after its largest module of the app.
   */
  function plan(getModuleInfo: ModuleInfoOf) {
    const members = new Map<string, string[]>();
    const seen = new Set<string>();
    const stack = [...pages.keys()];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = getModuleInfo(id);
      if (!info) continue;
      stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
      if (pages.has(id)) continue;
      const set = pagesOf(id, getModuleInfo);
      if (set === null) continue;
      const ids = members.get(set) ?? [];
      ids.push(id);
      members.set(set, ids);
    }
    const groups = new Map<string, string>();
    const used = new Set(["vendor"]);
    for (const [set, ids] of [...members].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const size = (id: string) => (isAppModule(id) ? (getModuleInfo(id)?.code?.length ?? 0) : -1);
      const largest = [...ids].sort((a, b) => size(b) - size(a) || (a < b ? -1 : 1))[0] as string;
      let name = set === EVERY_PAGE ? "shell" : fileStem(largest);
      for (let n = 2; used.has(name); n++) name = `${fileStem(largest)}-${n}`;
      used.add(name);
      for (const id of ids) groups.set(id, set === EVERY_PAGE && !isAppModule(id) ? "vendor" : name);
    }
    // A route's entry only re-exports its file: it joins the chunk that holds the file (the
    // root's joins the shell), one file less on every page that loads it.
    for (const entry of pages.keys()) {
      const file = entry.endsWith(ROUTE_ENTRY) ? groups.get(entry.slice(0, -ROUTE_ENTRY.length)) : undefined;
      if (file) groups.set(entry, file);
    }
    return groups;
  }

  let groups: Map<string, string> | null = null;
  return {
    groups: [
      {
        debugName: "pages",
        name(id, context) {
          groups ??= plan((other) => context.getModuleInfo(other));
          // The client entry stays alone: it starts the page's hydration, after the route modules.
          return id === entryId ? null : (groups.get(id) ?? null);
        },
      },
    ],
    // A module's imports are grouped by their own (wider) set of pages, not dragged into its chunk.
    includeDependenciesRecursively: false,
  };
}

/**
 * The client build's chunking. `includeDependenciesRecursively: false` wants entries whose chunk
 * may export more than the entry does ("allow-extension"; React Router asks "exports-only"): a
 * route's chunk also exports what other chunks import from it (the root's, the shell's helpers);
 * React Router reads only the route's own exports (default, ErrorBoundary, links, …) by name.
 */
export function pageChunks(options: PageChunksOptions): Plugin {
  return {
    name: "schoolhub-page-chunks",
    apply: "build",
    enforce: "post",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: "allow-extension",
            output: { codeSplitting: pageChunkGroups(options) },
          },
        },
      };
    },
  };
}
