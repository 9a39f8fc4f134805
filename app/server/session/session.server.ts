import { createCookieSessionStorage, createSession, type Session } from "react-router";
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

/**
 * The sessions this isolate has read, by the exact Cookie header they came in (decision 218): a
 * browser sends the same header on every page until its tokens are renewed, and reading it again
 * (the cookie parse, the HMAC check of the signature, the base64 and JSON decode) gives the same
 * data every time, with the same secrets, which live as long as `storage`. Only a header that
 * held a session is kept, as its decoded data; each request still gets a session of its own.
 * Bounded; the oldest goes first.
 */
const readSessions = new Map<string, AppSession["data"]>();
const READ_SESSIONS_MAX = 1000;

export async function getSession(request: Request): Promise<AppSession> {
  const header = request.headers.get("Cookie");
  const known = header ? readSessions.get(header) : undefined;
  // The storage's own getSession hands its decoded data to createSession the same way.
  if (known) return createSession<SessionData, FlashData>({ ...known } as SessionData);
  const session = await sessionStorage().getSession(header);
  const data = session.data;
  if (header && Object.keys(data).length > 0) {
    if (readSessions.size >= READ_SESSIONS_MAX) readSessions.delete(readSessions.keys().next().value as string);
    readSessions.set(header, Object.freeze({ ...data }));
  }
  return session;
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
