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
import { signInRedirect } from "~/server/auth/web-session.server";
import { isCrossSiteMutation } from "~/server/http/cross-site.server";
import { sessionIsCurrent, withRevocationScope } from "~/server/users/session-user.server";
import type { Route } from "../+types/root";

/** A page (a document or its `.data`), as opposed to a resource route's JSON, file or status. */
function isPage(request: Request, response: Response) {
  return (
    new URL(request.url).pathname.endsWith(".data") ||
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/**
 * Whether a refused write answers as a page (sign-in) or as its script's call (401): a page's
 * action rendered something; a resource route answered with the refusal itself, and only a form
 * the browser navigated with (no JavaScript) goes to sign-in.
 */
function answersAsPage(request: Request, response: Response, refusal: Response) {
  if (response !== refusal) return true;
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

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
  // Writes check it in their own batch (decision 042), and `requireCurrentToken` notes a refusal
  // in the revocation scope. A token just renewed from D1 is current.
  const bearer = await bearerActor(request);
  const actor = bearer ?? (auth.renewed ? null : auth.user);
  const reads = request.method === "GET" || request.method === "HEAD";
  const check: SessionCheck | null = reads && actor ? { current: sessionIsCurrent(actor), claimed: false } : null;
  context.set(sessionCheckContext, check);
  const { result: response, refused: writeRefused } = await withRevocationScope(next);
  const readRefused = check !== null && !check.claimed && !(await check.current);
  if (readRefused || writeRefused) {
    const unauthorized = () => revokedToken(context);
    if (bearer) return unauthorized();
    // A refused read renews a session that still can, or ends it; a refused write goes to
    // sign-in, where /login does the same and says the change was not saved (decision 082).
    if (readRefused) return revokedSessionAnswer(request, url, isPage(request, response) ? null : unauthorized);
    return writeRefused && answersAsPage(request, response, writeRefused) ? signInRedirect(url) : unauthorized();
  }
  // An action changed the name, avatar, theme or email the token carries: sign a fresh one.
  const changed = auth.user && context.get(claimsChangedContext);
  const renewed = changed && auth.user ? await resignedTokens(auth, auth.user) : auth.renewed;
  return renewed ? applyRenewedTokens(request, response, renewed) : response;
};
