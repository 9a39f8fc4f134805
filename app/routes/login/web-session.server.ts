import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { revokeRefreshToken, type TokenPair } from "~/server/auth/tokens.server";
import { closeUserSockets } from "~/server/realtime.server";
import { commitSession, destroySession, getSession, setSignedIn } from "~/server/session/session.server";

/** SPEC §6: home after sign-in is /newsfeed, unless the guest was headed somewhere. */
export const HOME_AFTER_SIGN_IN = "/newsfeed";

/** Puts a fresh token pair in the cookie session and sends the user on. */
export async function startWebSession(request: Request, userId: number, tokens: TokenPair, redirectTo?: string | null) {
  const session = await getSession(request);
  setSignedIn(session, userId, tokens);
  return redirect(safeRedirectPath(redirectTo, HOME_AFTER_SIGN_IN), {
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
export function signInRedirect(url: URL) {
  return redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
