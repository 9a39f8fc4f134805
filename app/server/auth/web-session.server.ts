import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { revokeRefreshToken, rotateRefreshToken, type TokenPair } from "~/server/auth/tokens.server";
import { closeUserSockets } from "~/server/realtime/realtime.server";
import { clearSignedIn, commitSession, destroySession, getSession, setSignedIn } from "~/server/session/session.server";

/** SPEC §6: home after sign-in is /newsfeed, unless the guest was headed somewhere. */
export const HOME_AFTER_SIGN_IN = "/newsfeed";

/** Puts a fresh token pair in the cookie session and sends the user on. */
export async function startWebSession(request: Request, userId: number, tokens: TokenPair, redirectTo?: string | null) {
  const session = await getSession(request);
  setSignedIn(session, userId, tokens);
  // A guest who opened an invitation link, then registered and activated, comes back to it.
  const headedFor = redirectTo || session.get("afterSignIn");
  session.unset("afterSignIn");
  return redirect(safeRedirectPath(headedFor, HOME_AFTER_SIGN_IN), {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

/**
 * SPEC §4: logout calls the server (revokes the refresh token), then clears the local session
 * and goes to /, even if the call fails.
 */
export async function endWebSession(request: Request, to = "/") {
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  if (refreshToken) {
    try {
      const userId = await revokeRefreshToken(refreshToken);
      if (userId !== null) await closeUserSockets(userId);
    } catch (error) {
      console.warn("logout: revoking the refresh token failed; clearing the session anyway", error);
    }
  }
  return redirect(to, { headers: { "Set-Cookie": await destroySession(session) } });
}

/** Where a guest goes when a page needs a signed-in user (SPEC §6, DESIGN §5). */
export function signInRedirect(url: URL, init?: ResponseInit) {
  return redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`, init);
}

/**
 * A signed-in visitor at /login: a page write refused their access token as revoked (logout or
 * deletion elsewhere bumps the token version, decision 042) and sent them here. Their token's
 * claims still say "signed in", so without this check /login would bounce them straight back
 * to the page and the write would be lost without a word (decision 082, "Open").
 * - Token current: nothing to do (null), /login sends them on as always.
 * - Revoked, but this device's refresh token still renews (a logout on another device): the
 *   fresh tokens go in the cookie and they go back with a toast asking them to try again.
 * - Revoked and not renewable (this device logged out, the account deleted): the session ends
 *   here and the sign-in form shows.
 * The check is the auth middleware's, in the request's one batch (decision 111).
 */
export async function renewRevokedSession(request: Request, current: boolean, redirectTo: string | null) {
  if (current) return null;
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  const rotated = refreshToken ? await rotateRefreshToken(refreshToken) : ({ status: "refused" } as const);
  if (rotated.status === "refused") {
    clearSignedIn(session);
    return { signedOut: { "Set-Cookie": await commitSession(session) } };
  }
  setSignedIn(session, rotated.userId, rotated.tokens);
  session.flash("toast", { kind: "warning", key: "common:errors.sessionRenewed" });
  throw redirect(safeRedirectPath(redirectTo, HOME_AFTER_SIGN_IN), {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}
