/**
 * Guest HTML from the Workers Cache API (decision 043). A guest's GET of a page that ships no
 * scripts (the About pages, the landing page) is answered from the edge cache, keyed by path,
 * theme, locale and build, and rendered only on a miss. Any session cookie (a signed-in user,
 * a pending toast) bypasses the cache, as does anything but a plain GET. A deploy changes the
 * build key, so old entries are never read again. Locally workerd has the Cache API; in
 * production it works on a custom domain, not on a workers.dev address (README, Deploy).
 *
 * Where it sits: outside React Router, around the whole request handler, and inside the security
 * headers (workers/app.ts adds them to hits and misses alike). A page that contains a <script>
 * (and so possibly a per-request nonce) is never stored.
 */
import { THEMES } from "../app/lib/themes";

const CACHEABLE_PATHS = /^\/(about(\/(aup|contact|privacy|terms))?)?$/;
const SESSION_COOKIE = /(?:^|;\s*)__session=/;
const THEME_COOKIE = /(?:^|;\s*)theme=([^;]*)/;
const LOCALE_COOKIE = /(?:^|;\s*)lng=([^;]*)/;

/** How long an entry may live at the edge; the build key makes deploys miss long before. */
const EDGE_TTL_SECONDS = 24 * 60 * 60;
/** Browsers keep the page but ask again each time; the ETag makes that a cheap 304. */
const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";

export const CACHE_STATUS_HEADER = "X-Guest-Cache";

export function guestCacheKey(request: Request, build: string): Request | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!CACHEABLE_PATHS.test(url.pathname) || url.search !== "") return null;
  const cookie = request.headers.get("Cookie") ?? "";
  if (SESSION_COOKIE.test(cookie)) return null;
  // Only values the app would honour, so odd cookies cannot multiply the entries.
  const theme = cookieValue(THEME_COOKIE.exec(cookie)?.[1]);
  const themeKey = (THEMES as readonly unknown[]).includes(theme) ? String(theme) : "";
  const locale = cookieValue(LOCALE_COOKIE.exec(cookie)?.[1]);
  const localeKey = typeof locale === "string" && /^[a-z]{2}(-[A-Z]{2})?$/.test(locale) ? locale : "";
  const key = new URL(`${url.origin}/__guest-cache${url.pathname}`);
  key.searchParams.set("build", build);
  key.searchParams.set("theme", themeKey);
  key.searchParams.set("lng", localeKey);
  return new Request(key.toString(), { method: "GET" });
}

/** React Router's cookies hold base64 JSON (createCookie); themes and locales are ASCII. */
function cookieValue(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(atob(decodeURIComponent(raw)));
  } catch {
    return undefined;
  }
}

function forBrowser(response: Response, status: "hit" | "miss", request: Request): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  headers.set(CACHE_STATUS_HEADER, status);
  const etag = headers.get("ETag");
  if (etag && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function etagOf(body: string, build: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `"${build.slice(0, 8)}-${hex}"`;
}

/** Answers from the cache, or renders, stores (when storable) and answers. */
export async function withGuestCache(
  request: Request,
  build: string,
  render: () => Promise<Response>,
  ctx: ExecutionContext,
): Promise<Response> {
  const key = guestCacheKey(request, build);
  if (!key) return render();
  const cache = await caches.open("guest-pages");
  const hit = await cache.match(key);
  if (hit) return forBrowser(hit, "hit", request);

  const response = await render();
  const storable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!storable) return response;
  const body = await response.text();
  // A page with a script is not a guest's static page (and may carry a nonce): never store it.
  if (body.includes("<script")) return new Response(body, response);
  const headers = new Headers(response.headers);
  headers.set("ETag", await etagOf(body, build));
  headers.set("Vary", "Cookie");
  headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers })));
  return forBrowser(new Response(body, { status: 200, headers }), "miss", request);
}
