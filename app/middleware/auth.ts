import { data } from "react-router";
import { claimsChangedContext, userContext } from "~/context";
import { applyRenewedTokens, authenticateWebRequest, resignedTokens } from "~/server/auth/web-session.server";
import type { Route } from "../+types/root";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses form posts that another site sent (DESIGN §5). SameSite=Lax already keeps the
 * session cookie off cross-site POSTs; this check also covers guest-visible forms. Apple's
 * sign-in callback is the one legitimate cross-site POST and checks its own state instead.
 */
const CROSS_SITE_POST_ALLOWED = new Set(["/login/applesignin"]);

export function isCrossSiteMutation(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  if (CROSS_SITE_POST_ALLOWED.has(new URL(request.url).pathname)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite === "cross-site";
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== "null" && origin !== new URL(request.url).origin;
}

/** Second root middleware (SPEC §2): who is asking, before any loader or action runs. */
export const authMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (isCrossSiteMutation(request)) {
    throw data({ error: { code: "cross_site", message: "Cross-site form posts are not accepted." } }, { status: 403 });
  }
  const auth = await authenticateWebRequest(request);
  context.set(userContext, auth.user);
  const response = await next();
  // An action changed the name, avatar, theme or email the token carries: sign a fresh one.
  const changed = auth.user && context.get(claimsChangedContext);
  const renewed = changed && auth.user ? await resignedTokens(auth, auth.user.id) : auth.renewed;
  return renewed ? applyRenewedTokens(request, response, renewed) : response;
};
