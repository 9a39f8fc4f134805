import { createContext } from "react-router";
import { type AppConfig, getConfig } from "~/server/config.server";
import { withHeaders } from "~/server/http/headers.server";

// Security headers in one place: docs/decisions/031-request-hardening.md, "Security headers".

/** The CSP nonce of this request's document, set by the worker entry, read by entry.server. */
export const cspNonceContext = createContext<string | null>(null);

const nonceBytes = new Uint8Array(16);
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * 128 random bits, base64url: a fresh nonce for each rendered document. One buffer for the
 * isolate and a table lookup per 6 bits: no array spread, no binary string, no `btoa` per request.
 */
export function createNonce() {
  crypto.getRandomValues(nonceBytes);
  let nonce = "";
  for (let i = 0; i < 15; i += 3) {
    const bits = (nonceBytes[i]! << 16) | (nonceBytes[i + 1]! << 8) | nonceBytes[i + 2]!;
    nonce +=
      BASE64URL[bits >> 18]! + BASE64URL[(bits >> 12) & 63]! + BASE64URL[(bits >> 6) & 63]! + BASE64URL[bits & 63]!;
  }
  const last = nonceBytes[15]!;
  return nonce + BASE64URL[last >> 2]! + BASE64URL[(last & 3) << 4]!;
}

const AD_HOSTS = {
  script: ["https://pagead2.googlesyndication.com", "https://*.googlesyndication.com", "https://*.doubleclick.net"],
  frame: ["https://*.googlesyndication.com", "https://*.doubleclick.net", "https://www.google.com"],
  connect: ["https://*.googlesyndication.com", "https://*.doubleclick.net", "https://*.google.com"],
};
const CAPTCHA_HOSTS = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
};

function originOf(url: string | undefined) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of an HTML page. With a nonce, the app's own inline scripts
 * (React Router's hydration data) run; without one (a page that renders no <Scripts>, e.g. a
 * cached guest page) no inline script runs at all, so a cached copy never needs a nonce.
 * The ad service, analytics and captcha hosts are allowed only when they are configured.
 * `styleHash` is the CSP source of the one <style> element a script-free page carries
 * (entry.server.tsx, decision 090): that page's policy allows exactly it, the others none.
 */
export function contentSecurityPolicy(
  { nonce, styleHash = null }: { nonce: string | null; styleHash?: string | null },
  config: AppConfig = getConfig(),
) {
  const { head, tail } = styleHash ? policyAround(config, styleHash) : policyOf(config);
  return nonce ? `${head} 'nonce-${nonce}'${tail}` : head + tail;
}

/**
 * The policy of a configuration, in the two parts either side of the nonce: the same text for
 * every page of an isolate but the nonce, so it is written once per configuration, not per
 * document (decision 226). `getConfig()` keeps one configuration object per isolate.
 */
const policies = new WeakMap<AppConfig, { head: string; tail: string }>();

function policyOf(config: AppConfig) {
  let policy = policies.get(config);
  if (!policy) {
    policy = policyAround(config, null);
    policies.set(config, policy);
  }
  return policy;
}

function policyAround(config: AppConfig, styleHash: string | null) {
  const script: string[] = [];
  const frame: string[] = [];
  const connect = ["'self'"];
  const img = ["'self'", "data:", "blob:"];
  const analytics = originOf(config.ANALYTICS_SRC);
  if (analytics) {
    script.push(analytics);
    connect.push(analytics);
  }
  if (config.AD_CLIENT) {
    script.push(...AD_HOSTS.script);
    frame.push(...AD_HOSTS.frame);
    connect.push(...AD_HOSTS.connect);
    img.push("https:");
  }
  if (config.CAPTCHA_SITE_KEY && config.CAPTCHA_SECRET) {
    script.push(...CAPTCHA_HOSTS.script);
    frame.push(...CAPTCHA_HOSTS.frame);
  }
  const rest = [
    // React renders a few style attributes (progress bar, spinner). The one inline <style> element
    // is the guest stylesheet on script-free pages (decisions 043, 090), allowed by its hash.
    styleHash ? `style-src 'self' ${styleHash}` : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.length ? frame.join(" ") : "'self'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (config.SECURE_COOKIES) rest.push("upgrade-insecure-requests");
  // script-src is 'self', then the nonce (when there is one), then the configured hosts.
  return {
    head: "default-src 'self'; script-src 'self'",
    tail: `${script.map((source) => ` ${source}`).join("")}; ${rest.join("; ")}`,
  };
}

/** Not a page: nothing in it may run or be framed, whatever a browser sniffs. */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/**
 * Every response of the app passes through here (workers/app.ts). `nonce` is the nonce the
 * document was rendered with, if any. A Content-Security-Policy already on the response (a page
 * served from a cache with its own, nonce-free policy) is kept.
 */
export function withSecurityHeaders(
  response: Response,
  { url, nonce }: { url: URL; nonce: string | null },
  config: AppConfig = getConfig(),
) {
  // A WebSocket handshake carries no document; its headers are the socket's own.
  if (response.status === 101 || response.webSocket) return response;
  return withHeaders(response, (headers) => setSecurityHeaders(headers, { pathname: url.pathname, nonce }, config));
}

/**
 * The same headers on a Headers object: the guest cache stores them with a page it keeps in
 * memory (nonce-free, the page has no script), so a hit replays them without recomputing.
 */
export function setSecurityHeaders(
  headers: Headers,
  { nonce }: { pathname: string; nonce: string | null },
  config: AppConfig = getConfig(),
) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (config.SECURE_COOKIES) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!headers.has("Content-Security-Policy")) {
    const isHtml = headers.get("Content-Type")?.startsWith("text/html") ?? false;
    headers.set("Content-Security-Policy", isHtml ? contentSecurityPolicy({ nonce }, config) : NON_DOCUMENT_CSP);
  }
  // Tokens, per-user JSON, redirects and errors: never stored by a browser or a proxy unless the
  // answer says otherwise (pages are "private, no-cache", public avatars say so; issue 22 item 7).
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
