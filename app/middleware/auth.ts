import { data } from "react-router";
import { userContext } from "~/context";
import { applyRenewedTokens, authenticateWebRequest } from "~/server/auth/web-session.server";
import { isCrossSiteMutation } from "~/server/http/cross-site.server";
import type { Route } from "../+types/root";

/** Second root middleware (SPEC §2): who is asking, before any loader or action runs. */
export const authMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (isCrossSiteMutation(request)) {
    throw data({ error: { code: "cross_site", message: "Cross-site form posts are not accepted." } }, { status: 403 });
  }
  const { user, renewed } = await authenticateWebRequest(request);
  context.set(userContext, user);
  const response = await next();
  return renewed ? applyRenewedTokens(request, response, renewed) : response;
};
