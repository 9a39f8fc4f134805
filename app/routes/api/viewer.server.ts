import type { RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import type { UserInfo } from "~/lib/friend-status";
import { requireBearerUser } from "../../server/auth/bearer.server";

/**
 * Reads (GET) also accept the browser's cookie session: the web client's user cache fetches
 * GET /api/v1/user/{id} (SPEC §7) and its tokens live in an httpOnly cookie. A read changes
 * nothing, so a cookie carries no CSRF risk there; writes stay Bearer-only (DESIGN §5,
 * decision 022). An Authorization header, when sent, always decides.
 */
export async function requireReadingUser(request: Request, context: Readonly<RouterContextProvider>) {
  if (!request.headers.has("Authorization")) {
    const user = context.get(userContext);
    if (user) return user.id;
  }
  return requireBearerUser(request, context);
}

/** SPEC §3 says avatar is a URL: apps get a full one, since they do not share our origin. */
export function apiUserInfo(user: UserInfo, origin: string): UserInfo {
  return user.avatar.startsWith("/") ? { ...user, avatar: `${origin}${user.avatar}` } : user;
}
