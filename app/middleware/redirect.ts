import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "../+types/root";

/**
 * First of the three root middlewares (SPEC §2: redirect, auth, language).
 * Canonicalises URLs before anything reads them: a trailing slash is dropped with a
 * permanent redirect so each page has one address (and one cache entry).
 */
export const redirectMiddleware: Route.MiddlewareFunction = ({ request }) => {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname.length > 1 && url.pathname.endsWith("/")) {
    // `GET //evil.example/` has the path `//evil.example/`: leading slashes fold into one, and
    // the target still goes through the one redirect check (decision 030).
    const path = url.pathname.replace(/\/+$/, "").replace(/^\/+/, "/") || "/";
    throw redirect(safeRedirectPath(`${path}${url.search}`), 308);
  }
};
