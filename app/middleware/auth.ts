import { data } from "react-router";
import {
  claimsChangedContext,
  requestSessionContext,
  type SessionCheck,
  sessionCheckContext,
  userContext,
} from "~/context";
import { revokedToken } from "~/server/auth/bearer.server";
import { bearerActor, revokedSessionAnswer } from "~/server/auth/revoked-session.server";
import { applyRenewedTokens, authenticateWebRequest, resignedTokens } from "~/server/auth/web-auth.server";
import { isCrossSiteMutation } from "~/server/http/cross-site.server";
import { sessionIsCurrent } from "~/server/users/session-user.server";
import type { Route } from "../+types/root";

/**
 * Second root middleware (SPEC §2): who is asking, before any loader or action runs, and the one
 * place a revoked session is answered (decision 111).
 */
export const authMiddleware: Route.MiddlewareFunction = async ({ request, context, url }, next) => {
  if (isCrossSiteMutation(request)) {
    throw data({ error: { code: "cross_site", message: "Cross-site form posts are not accepted." } }, { status: 403 });
  }
  const auth = await authenticateWebRequest(request);
  context.set(userContext, auth.user);
  context.set(requestSessionContext, auth.session);
  // Reads check revocation too (issue 22 item 2), in the request's one batch: the check is sent
  // now, the loaders' batches join it in this turn (decision 104), and the answer waits for it.
  // Writes check it in their own batch, as before (decision 042). A token just renewed from D1
  // is current by construction.
  const bearer = await bearerActor(request);
  const reads = request.method === "GET" || request.method === "HEAD";
  const actor = bearer ?? (auth.renewed ? null : auth.user);
  let check: SessionCheck | null = null;
  if (reads && actor) {
    check = { current: sessionIsCurrent(actor), claimed: false };
    context.set(sessionCheckContext, check);
  }
  const response = await next();
  if (check && !check.claimed && !(await check.current)) {
    const unauthorized = () => revokedToken(context);
    return bearer ? unauthorized() : revokedSessionAnswer(request, url, response, unauthorized);
  }
  // An action changed the name, avatar, theme or email the token carries: sign a fresh one.
  const changed = auth.user && context.get(claimsChangedContext);
  const renewed = changed && auth.user ? await resignedTokens(auth, auth.user) : auth.renewed;
  return renewed ? applyRenewedTokens(request, response, renewed) : response;
};
