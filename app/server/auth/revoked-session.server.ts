import { redirect } from "react-router";
import { clearSignedIn, commitSession, getSession, setSignedIn } from "~/server/session/session.server";
import type { Actor } from "~/server/users/session-user.server";
import { rotateRefreshToken, verifyAccessToken } from "./tokens.server";
import { signInRedirect } from "./web-session.server";

/** The actor of a request's valid Bearer token (the API), or null: the API's routes answer the rest. */
export async function bearerActor(request: Request): Promise<Actor | null> {
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  if (!match?.[1]) return null;
  const check = await verifyAccessToken(match[1]);
  return check.status === "valid" ? { id: check.userId, tokenVersion: check.tokenVersion } : null;
}

/**
 * The answer to a cookie session whose access token was revoked (decision 111): a logout on
 * another device, a password change or reset, a deletion. If this device's refresh token still
 * renews, the same address again with fresh tokens; otherwise the session ends here: a page goes
 * to sign-in, anything else (`notAPage`, a resource route) is refused. Runs only on that path: the renewal's reads cost nothing to a current session.
 */
export async function revokedSessionAnswer(request: Request, url: URL, notAPage: (() => Response) | null) {
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  const rotated = refreshToken ? await rotateRefreshToken(refreshToken) : ({ status: "refused" } as const);
  if (rotated.status === "rotated") {
    setSignedIn(session, rotated.userId, rotated.tokens);
    return redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  clearSignedIn(session);
  const cookie = await commitSession(session);
  if (!notAPage) return signInRedirect(url, { headers: { "Set-Cookie": cookie } });
  const refused = notAPage();
  refused.headers.append("Set-Cookie", cookie);
  return refused;
}
