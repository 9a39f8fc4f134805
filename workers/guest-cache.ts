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

/**
 * A first tier in the isolate's memory, in front of the Cache API: a hit there costs no trip to
 * the cache service, which is most of a cached page's time (decision 043). It holds only what the
 * Cache API would hold, under the same build-keyed key, so a deploy (a new isolate and a new key)
 * never reads an old page. Bounded: the oldest entry goes first.
 */
const MEMORY_ENTRIES = 64;
type MemoryEntry = { body: string; status: number; headers: [string, string][] };
const memory = new Map<string, MemoryEntry>();

function remember(key: string, entry: MemoryEntry) {
  memory.delete(key);
  memory.set(key, entry);
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
}

/** The cache key's URL for a guest's request, or null when the request must be rendered. */
export function guestCacheKey(request: Request, build: string): string | null {
  if (request.method !== "GET") return null;
  // Plain string work: this runs on every request, and a hit should cost next to nothing.
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const path = url.slice(pathStart);
  if (!CACHEABLE_PATHS.test(path)) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  if (SESSION_COOKIE.test(cookie)) return null;
  // Only values the app would honour, so odd cookies cannot multiply the entries.
  const theme = cookieValue(THEME_COOKIE.exec(cookie)?.[1]);
  const themeKey = (THEMES as readonly unknown[]).includes(theme) ? String(theme) : "";
  const locale = cookieValue(LOCALE_COOKIE.exec(cookie)?.[1]);
  const localeKey = typeof locale === "string" && /^[a-z]{2}(-[A-Z]{2})?$/.test(locale) ? locale : "";
  return `${url.slice(0, pathStart)}/__guest-cache${path}?build=${encodeURIComponent(build)}&theme=${themeKey}&lng=${localeKey}`;
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

function forBrowser(
  body: BodyInit | null,
  init: { status: number; headers: HeadersInit },
  status: "hit" | "miss",
  request: Request,
): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  headers.set(CACHE_STATUS_HEADER, status);
  const etag = headers.get("ETag");
  if (etag && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: init.status, headers });
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
  const remembered = memory.get(key);
  if (remembered) return forBrowser(remembered.body, remembered, "hit", request);
  const cache = await caches.open("guest-pages");
  const hit = await cache.match(key);
  if (hit) {
    const entry = { body: await hit.text(), status: hit.status, headers: [...hit.headers] };
    remember(key, entry);
    return forBrowser(entry.body, entry, "hit", request);
  }

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
  remember(key, { body, status: 200, headers: [...headers] });
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers })));
  return forBrowser(body, { status: 200, headers }, "miss", request);
}
