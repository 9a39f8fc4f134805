import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "../+types/root";

/**
 * First of the three root middlewares (SPEC §2: redirect, auth, language).
 * Canonicalises URLs before anything reads them: a trailing slash is dropped with a
 * permanent redirect so each page has one address (and one cache entry).
 */
export const redirectMiddleware: Route.MiddlewareFunction = ({ request }) => {
  if (request.method !== "GET" || !pathEndsWithSlash(request.url)) return;
  const url = new URL(request.url);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    // `GET //evil.example/` has the path `//evil.example/`: leading slashes fold into one, and
    // the target still goes through the one redirect check (decision 030).
    const path = url.pathname.replace(/\/+$/, "").replace(/^\/+/, "/") || "/";
    throw redirect(safeRedirectPath(`${path}${url.search}`), 308);
  }
};

/**
 * Whether the address's path (before any query or fragment) ends with "/", read from the text:
 * every request passes here, and only these few need their URL parsed (decision 226). `href` is
 * a serialized absolute URL (a request's), so the path ends where its query or fragment starts;
 * the path "/" also ends with one, and the check above lets it through.
 */
export function pathEndsWithSlash(href: string) {
  const match = /[?#]/.exec(href);
  return href[(match ? match.index : href.length) - 1] === "/";
}
