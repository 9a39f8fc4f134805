import { createCookieSessionStorage, type Session } from "react-router";
import type { Toast } from "~/lib/toast";
import { getConfig } from "~/server/config.server";

export type { Toast };

export type SessionData = {
  accessToken: string;
  refreshToken: string;
  userId: number;
  /** Where a guest was headed when they left to register (an invitation link, decision 155). */
  afterSignIn: string;
};

type FlashData = { toast: Toast };

export type AppSession = Session<SessionData, FlashData>;

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const config = getConfig();
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: config.SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.SECURE_COOKIES,
      secrets: config.SESSION_SECRET,
      // The refresh token lives 30 days (SPEC §9); the cookie lives as long.
      maxAge: 60 * 60 * 24 * 30,
    },
  });
}

/** The session cookie's name (SESSION_COOKIE_NAME, "__session" unless configured). */
export function sessionCookieName() {
  return getConfig().SESSION_COOKIE_NAME;
}

/**
 * Whether a Cookie header carries the session cookie, whatever it holds (a signed-in user, a
 * pending notice): such a request is not a guest's (workers/guest-cache.ts).
 */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  const name = sessionCookieName();
  return cookieHeader.split(";").some((pair) => pair.trimStart().startsWith(`${name}=`));
}

export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession) {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session);
}

/** The one place the signed-in keys of a session are written (DESIGN §5). */
export function setSignedIn(session: AppSession, userId: number, tokens: { token: string; refreshToken: string }) {
  session.set("accessToken", tokens.token);
  session.set("refreshToken", tokens.refreshToken);
  session.set("userId", userId);
}

/** Signs the session out but keeps it (and its flash), unlike destroySession. */
export function clearSignedIn(session: AppSession) {
  session.unset("accessToken");
  session.unset("refreshToken");
  session.unset("userId");
}

/** Queues a notice for the next page (SPEC §9: notices appear top right). */
export async function flashToast(request: Request, toast: Toast) {
  const session = await getSession(request);
  session.flash("toast", toast);
  return { "Set-Cookie": await commitSession(session) };
}
