import type { SessionUser } from "~/context";
import {
  type AppSession,
  clearSignedIn,
  commitSession,
  getSession,
  sessionStorage,
} from "~/server/session/session.server";
import { type Actor, loadSessionUser } from "~/server/users/session-user.server";
import { resignAccessToken, rotateRefreshToken, type TokenPair, verifyAccessToken } from "./tokens.server";

export type WebAuthResult = {
  user: SessionUser | null;
  /** The request's cookie session, parsed once (the root loader reads its toast from it). */
  session: AppSession;
  /** The session's refresh token, when it has one. */
  refreshToken?: string;
  /** Set when this request renewed (or dropped) the tokens: the response must carry it. */
  renewed?: { tokens: TokenPair | null; previousRefreshToken: string };
};

/**
 * Who is asking, from the cookie session (DESIGN §5). An expired access token is renewed
 * with the refresh token before any loader runs, so pages never see a stale sign-in.
 */
export async function authenticateWebRequest(request: Request, now = Date.now()): Promise<WebAuthResult> {
  const session = await getSession(request);
  const accessToken = session.get("accessToken");
  const refreshToken = session.get("refreshToken");
  if (!accessToken || !refreshToken) return { user: null, session };

  const check = await verifyAccessToken(accessToken, now);
  if (check.status === "valid") {
    // The token's claims say who is asking: no D1 read while it is valid (decision 042).
    // Revocation is checked where it is cheap: by writes in their own batch, and the socket.
    if (check.user) return { user: check.user, session, refreshToken };
    const user = await loadSessionUser(check.userId);
    return user
      ? { user, session, refreshToken }
      : { user: null, session, renewed: { tokens: null, previousRefreshToken: refreshToken } };
  }
  const rotated = await rotateRefreshToken(refreshToken, now);
  if (rotated.status === "refused") {
    return { user: null, session, renewed: { tokens: null, previousRefreshToken: refreshToken } };
  }
  return {
    user: rotated.user,
    session,
    refreshToken: rotated.tokens.refreshToken,
    renewed: { tokens: rotated.tokens, previousRefreshToken: refreshToken },
  };
}

/**
 * After an action changed what the access token's claims carry, a token signed from D1 for the
 * same sign-in (decision 042); joins whatever renewal this request already did.
 */
export async function resignedTokens(auth: WebAuthResult, actor: Actor): Promise<WebAuthResult["renewed"] | undefined> {
  const refreshToken = auth.refreshToken;
  if (!refreshToken) return auth.renewed;
  const fresh = await resignAccessToken(actor);
  if (!fresh) return auth.renewed;
  return {
    tokens: { token: fresh.token, refreshToken },
    previousRefreshToken: auth.renewed?.previousRefreshToken ?? refreshToken,
  };
}

const SESSION_COOKIE = "__session=";

function isDestroyCookie(setCookie: string) {
  return /max-age=0\b/i.test(setCookie) || /expires=thu, 01 jan 1970/i.test(setCookie);
}

/**
 * Puts renewed tokens on the response. A loader or action may have committed the session
 * too (a flash, say) from the request's old cookie; then its cookie gets the new tokens,
 * unless it signed someone in or out, which wins.
 */
export async function applyRenewedTokens(
  request: Request,
  response: Response,
  renewed: NonNullable<WebAuthResult["renewed"]>,
) {
  const setCookies = response.headers.getSetCookie();
  const handlerCookie = setCookies.findLast((cookie) => cookie.startsWith(SESSION_COOKIE));
  if (handlerCookie && isDestroyCookie(handlerCookie)) return response;

  const session = await sessionStorage().getSession(
    handlerCookie ? handlerCookie.split(";")[0] : request.headers.get("Cookie"),
  );
  if (handlerCookie && session.get("refreshToken") !== renewed.previousRefreshToken) return response;

  if (renewed.tokens) {
    session.set("accessToken", renewed.tokens.token);
    session.set("refreshToken", renewed.tokens.refreshToken);
  } else {
    clearSignedIn(session);
  }
  const cookie = await commitSession(session);
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const existing of setCookies) if (!existing.startsWith(SESSION_COOKIE)) headers.append("Set-Cookie", existing);
  headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
