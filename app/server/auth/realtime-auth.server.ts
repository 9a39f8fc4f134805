import { getSession } from "~/server/session/session.server";
import { currentTokenQuery } from "~/server/users/session-user.server";
import { verifyAccessToken } from "./tokens.server";

export type RealtimeAuth =
  | { status: "ok"; userId: number }
  /** No usable credentials, or an expired access token: the browser renews and retries. */
  | { status: "unauthorized" }
  /** A cookie sent from another site's page: cross-site WebSocket hijacking. */
  | { status: "forbidden" };

/**
 * Who opens /realtime (DESIGN §1): `?token=<access token>` (native clients, SPEC §7) or the
 * cookie session (the web). Nothing is renewed here: a 101 cannot reliably carry a cookie, so
 * an expired token is refused and the browser renews it at /realtime/session first.
 */
export async function authenticateRealtime(request: Request): Promise<RealtimeAuth> {
  const url = new URL(request.url);
  const queryToken = url.searchParams.get("token");
  let accessToken: string | undefined;
  if (queryToken) {
    accessToken = queryToken;
  } else {
    // Browsers always send Origin on a WebSocket handshake; the cookie must come from our pages.
    const origin = request.headers.get("Origin");
    if (origin !== null && origin !== url.origin) return { status: "forbidden" };
    accessToken = (await getSession(request)).get("accessToken");
  }
  if (!accessToken) return { status: "unauthorized" };
  const check = await verifyAccessToken(accessToken);
  if (check.status !== "valid") return { status: "unauthorized" };
  // A deleted or deactivated account, or a token from before a logout (its version is old),
  // gets no channel, even while the token has not expired (decision 042).
  const [current] = await currentTokenQuery(check.userId, check.tokenVersion);
  return current ? { status: "ok", userId: current.id } : { status: "unauthorized" };
}
