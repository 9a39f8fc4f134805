import { data } from "react-router";
import { claimsChangedContext, requestSessionContext, userContext } from "~/context";
import { applyRenewedTokens, authenticateWebRequest, resignedTokens } from "~/server/auth/web-auth.server";
import { isCrossSiteMutation } from "~/server/http/cross-site.server";
import type { Route } from "../+types/root";

/** Second root middleware (SPEC §2): who is asking, before any loader or action runs. */
export const authMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (isCrossSiteMutation(request)) {
    throw data({ error: { code: "cross_site", message: "Cross-site form posts are not accepted." } }, { status: 403 });
  }
  const auth = await authenticateWebRequest(request);
  context.set(userContext, auth.user);
  context.set(requestSessionContext, auth.session);
  const response = await next();
  // An action changed the name, avatar, theme or email the token carries: sign a fresh one.
  const changed = auth.user && context.get(claimsChangedContext);
  const renewed = changed && auth.user ? await resignedTokens(auth, auth.user) : auth.renewed;
  return renewed ? applyRenewedTokens(request, response, renewed) : response;
};
