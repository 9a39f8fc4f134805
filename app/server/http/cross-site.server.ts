const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Apple's sign-in callback checks its own state instead (decision 020); a mail client's RFC 8058
 * one-click unsubscribe carries its token in the address and changes nothing else (decision 169).
 */
const CROSS_SITE_POST_ALLOWED = new Set(["/login/applesignin"]);
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[a-z]+\/[A-Za-z0-9_-]+\/one-click$/;

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
  if (CROSS_SITE_POST_ALLOWED.has(url.pathname) || ONE_CLICK_UNSUBSCRIBE.test(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return true;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return fetchSite === "cross-site" || fetchSite === "same-site";
}
