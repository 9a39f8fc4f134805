const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Apple's sign-in callback is the one legitimate cross-site POST and checks its own state
 * instead (decision 020).
 */
const CROSS_SITE_POST_ALLOWED = new Set(["/login/applesignin"]);

/**
 * Refuses form posts that another site sent (DESIGN §5, docs/decisions/031-request-hardening.md).
 * SameSite=Lax already keeps the session cookie off cross-site POSTs; this check also covers
 * guest-visible forms. Every signal must agree that the post came from this origin:
 * - `Origin: null` (sandboxed frames, data: URLs, some redirects) is refused;
 * - an `Origin` other than ours is refused, whatever `Sec-Fetch-Site` claims;
 * - `Sec-Fetch-Site: cross-site` and `same-site` are refused: a sibling subdomain is another site.
 * A client that sends neither header (curl, the native apps' forms) is let through, as before.
 */
export function isCrossSiteMutation(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (CROSS_SITE_POST_ALLOWED.has(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return true;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return fetchSite === "cross-site" || fetchSite === "same-site";
}
