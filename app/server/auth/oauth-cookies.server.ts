import { type Cookie, createCookie } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getConfig } from "~/server/config.server";
import type { SocialProvider } from "./providers.server";

/**
 * Short-lived cookies that carry a Google or Apple sign-in from its start to its callback:
 * remix-auth-oauth2's state (with the PKCE verifier or nonce) and where to go afterwards.
 */
const FLOW_MAX_AGE_SECONDS = 10 * 60;
const FLOW_PATH = "/login";

const STATE_COOKIE_NAMES: Record<SocialProvider, string> = { google: "__oauth_google", apple: "__oauth_apple" };

/**
 * Apple answers with a cross-site POST (form_post), which carries only SameSite=None cookies,
 * and browsers accept those only when Secure. Plain-http local runs stay Lax: there the
 * provider is on the same site anyway.
 */
export function flowSameSite(provider: SocialProvider, secure: boolean) {
  return provider === "apple" && secure ? ("None" as const) : ("Lax" as const);
}

/** Options for remix-auth-oauth2's state cookie (it appends `:<uuid>` to the name per flow). */
export function stateCookieOptions(provider: SocialProvider, secure = getConfig().SECURE_COOKIES) {
  return {
    name: STATE_COOKIE_NAMES[provider],
    httpOnly: true as const,
    ...(secure ? { secure: true as const } : {}),
    sameSite: flowSameSite(provider, secure),
    path: FLOW_PATH,
    maxAge: FLOW_MAX_AGE_SECONDS,
  };
}

function cookieNames(request: Request) {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

function expireCookie(name: string, provider: SocialProvider, secure: boolean) {
  const attributes = [
    `${name}=`,
    `Path=${FLOW_PATH}`,
    "Max-Age=0",
    "HttpOnly",
    `SameSite=${flowSameSite(provider, secure)}`,
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

let redirectCookie: Cookie | undefined;

function redirectToCookie() {
  const config = getConfig();
  redirectCookie ??= createCookie("__oauth_redirect", {
    httpOnly: true,
    path: FLOW_PATH,
    maxAge: FLOW_MAX_AGE_SECONDS,
    secure: config.SECURE_COOKIES,
    secrets: config.SESSION_SECRET,
  });
  return redirectCookie;
}

/** Remembers where the person was headed, so the callback can send them there (SPEC §6). */
export async function rememberRedirect(provider: SocialProvider, redirectTo: string | null) {
  const path = safeRedirectPath(redirectTo, "");
  if (!path) return null;
  const secure = getConfig().SECURE_COOKIES;
  return redirectToCookie().serialize(path, {
    sameSite: flowSameSite(provider, secure).toLowerCase() as "lax" | "none",
  });
}

export async function readRedirect(request: Request) {
  const value: unknown = await redirectToCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? safeRedirectPath(value, "") || null : null;
}

/** Set-Cookie headers that end the flow: its state cookies and the remembered target. */
export function endFlowCookies(request: Request, provider: SocialProvider) {
  const secure = getConfig().SECURE_COOKIES;
  const prefix = STATE_COOKIE_NAMES[provider];
  const names = cookieNames(request).filter((name) => name.startsWith(prefix) || name === "__oauth_redirect");
  return [...new Set(names)].map((name) => expireCookie(name, provider, secure));
}

/** Copies a response, adding Set-Cookie headers (redirects from helpers are immutable). */
export function withCookies(response: Response, cookies: Array<string | null>) {
  const headers = new Headers(response.headers);
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The start of a remix-auth flow: the strategy throws its redirect to the provider (with the
 * state cookie) rather than returning it; this hands that redirect back.
 */
export async function flowStart(provider: SocialProvider, authenticate: () => Promise<unknown>): Promise<Response> {
  try {
    await authenticate();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`the ${provider} strategy did not redirect to the provider`);
}
