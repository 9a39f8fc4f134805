/**
 * What the guest cache (./guest-cache.ts) may store and how it tells pages apart, read from the
 * modules that own each rule, never restated: the pages are the routes whose handle says
 * `hydrate: false` (app/lib/hydration.ts), the session cookie is the session module's, and a
 * page varies by the theme and the locale exactly as the app reads them. workers/app.ts loads
 * this with the build, so the entry module stays small.
 */
import type { ServerBuild } from "react-router";
import type { HydrationHandle } from "../app/lib/hydration";
import { detectLocale } from "../app/middleware/i18next";
import { hasSessionCookie } from "../app/server/session/session.server";
import { readThemeCookie } from "../app/server/session/theme.server";
import type { GuestCacheRules } from "./guest-cache";

/**
 * The paths of the pages that ship no script to a guest: every route whose handle says
 * `hydrate: false`, its path joined from its parents' (an index route takes its parent's).
 * A path with a parameter or a splat is left out: only fixed pages are stored.
 */
export function scriptFreePages(routes: ServerBuild["routes"]): Set<string> {
  const pathOf = (id: string | undefined): string[] | null => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return [];
    const parent = pathOf(route.parentId);
    if (parent === null) return null;
    const own = (route.path ?? "").split("/").filter(Boolean);
    if (own.some((segment) => segment.startsWith(":") || segment === "*")) return null;
    return [...parent, ...own];
  };
  const pages = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route || (route.module.handle as HydrationHandle | undefined)?.hydrate !== false) continue;
    const segments = pathOf(route.id);
    if (segments !== null) pages.add(`/${segments.join("/")}`);
  }
  return pages;
}

/** The guest cache's rules for a loaded build. */
export function guestCacheRules(build: Pick<ServerBuild, "assets" | "routes">): GuestCacheRules {
  return {
    build: build.assets.version,
    pages: scriptFreePages(build.routes),
    hasSession: hasSessionCookie,
    variant: async (request) => `theme=${await readThemeCookie(request)}&lng=${await detectLocale(request)}`,
  };
}
