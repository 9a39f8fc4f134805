import { createContext, type RouterContextProvider } from "react-router";
import type { AppSession } from "~/server/session/session.server";

/** The signed-in user for this request, or null for a guest. Set by the auth middleware. */
export type SessionUser = {
  id: number;
  name: string;
  username: string | null;
  email: string;
  avatar: string;
  theme: string;
  /** The IANA zone times are shown in; null until the browser or settings told us (decision 121). */
  timeZone: string | null;
  /** The interface language chosen on the account (app/lib/languages.ts; issue 24). */
  locale: string;
  /** The token version of the access token that signed this request in (decision 042). */
  tokenVersion: number;
};

export const userContext = createContext<SessionUser | null>(null);

/**
 * Set by an action that changed what the access token's claims carry (name, username, email,
 * avatar, theme): the auth middleware then re-signs the token from D1 (decision 042).
 */
export const claimsChangedContext = createContext<boolean>(false);

/**
 * The request's cookie session as the auth middleware parsed it (signature checked once): the
 * root loader reads its toast from it instead of parsing and verifying the cookie again.
 */
export const requestSessionContext = createContext<AppSession | null>(null);

/**
 * The read check of this request's session (issue 22 item 2, decision 111): the auth middleware
 * starts it in the request's one batch (GET and HEAD, signed in) and refuses the answer if the
 * session was revoked, unless a loader answered that itself (/login) and `claimed` it.
 */
export type SessionCheck = { current: Promise<boolean>; claimed: boolean };
export const sessionCheckContext = createContext<SessionCheck | null>(null);

/** The read check's answer, for a loader that handles a revoked session itself: the middleware then leaves its answer alone. */
export async function claimSessionCheck(context: Readonly<RouterContextProvider>) {
  const check = context.get(sessionCheckContext);
  if (!check) return true;
  check.claimed = true;
  return check.current;
}
