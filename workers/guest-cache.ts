/**
 * Guest HTML from the Workers Cache API (decision 043). A guest's GET of a page that ships no
 * scripts (the routes whose handle says `hydrate: false`: the About pages, the landing page) is
 * answered from the edge cache, keyed by path, theme, locale and build, and rendered only on a
 * miss. The session cookie (a signed-in user, a pending toast) bypasses the cache, as does
 * anything but a plain GET. Which pages, which cookie and which variants come from their owners
 * (./guest-rules.ts); this module only stores and answers. A deploy changes the
 * build key, so old entries are never read again. Locally workerd has the Cache API; in
 * production it works on a custom domain, not on a workers.dev address (README, Deploy).
 *
 * Where it sits: outside React Router, around the whole request handler. A page that contains a
 * <script> (and so possibly a per-request nonce) is never stored. In front of it, the isolate's
 * memory (`rememberedPage`) answers before the worker does anything else (decision 079).
 */

/** What the app says about guest pages (built by ./guest-rules.ts from the build's routes and modules). */
export type GuestCacheRules = {
  /** The build's key: a deploy changes it, so old entries are never read again. */
  build: string;
  /** The paths of the pages that ship no script to a guest. */
  pages: ReadonlySet<string>;
  /** Whether a Cookie header carries the session cookie. */
  hasSession(cookieHeader: string | null): boolean;
  /** What else the page's HTML depends on for this request (theme, locale), as the app reads it. */
  variant(request: Request): Promise<string>;
};

/** How long an entry may live at the edge; the build key makes deploys miss long before. */
const EDGE_TTL_SECONDS = 24 * 60 * 60;
/** Browsers keep the page but ask again each time; the ETag makes that a cheap 304. */
const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** The page differs by theme and locale cookies, the language asked for, and its content coding. */
const VARY = "Cookie, Accept-Language, Accept-Encoding";

export const CACHE_STATUS_HEADER = "X-Guest-Cache";

/** Sets the headers every response gets (workers/app.ts: the security headers, nonce-free). */
export type SecureHeaders = (headers: Headers) => void;

/**
 * A first tier in the isolate's memory, in front of the Cache API: a hit there costs no trip to
 * the cache service (decision 043), and it holds each page ready to send (decision 079): its
 * final headers, its UTF-8 bytes and those bytes gzip-compressed once, so a hit neither encodes
 * nor compresses. It holds only what the Cache API would hold, under the same build-keyed key,
 * so a deploy (a new isolate and a new key) never reads an old page. Bounded by entries and
 * bytes: the oldest entry goes first.
 */
const MEMORY_ENTRIES = 64;
const MEMORY_BYTES = 4 * 1024 * 1024;
export type MemoryEntry = {
  status: number;
  etag: string;
  /** Headers of a hit, identity and gzip-coded. */
  plain: [string, string][];
  gzipped: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** Filled after the first answer (the compression runs after the response). */
  gzip: Uint8Array<ArrayBuffer> | null;
};
const memory = new Map<string, MemoryEntry>();
let memoryBytes = 0;

const entrySize = (entry: MemoryEntry) => entry.body.byteLength + (entry.gzip?.byteLength ?? 0);

function remember(key: string, entry: MemoryEntry) {
  forget(key);
  memory.set(key, entry);
  memoryBytes += entrySize(entry);
  while (memory.size > MEMORY_ENTRIES || (memoryBytes > MEMORY_BYTES && memory.size > 1)) {
    forget(memory.keys().next().value as string);
  }
}

function forget(key: string) {
  const entry = memory.get(key);
  if (!entry) return;
  memoryBytes -= entrySize(entry);
  memory.delete(key);
}

/**
 * The cache key's URL for a guest's request, or null when the request must be rendered. The
 * path is matched with its query: a page asked with one (`?lng=`) is rendered. The variant is
 * what the app itself would render with, so odd cookies cannot multiply the entries.
 */
export async function guestCacheKey(request: Request, rules: GuestCacheRules): Promise<string | null> {
  if (request.method !== "GET") return null;
  // Plain string work first: this runs on every request, and most are no guest page.
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const path = url.slice(pathStart);
  if (!rules.pages.has(path)) return null;
  if (rules.hasSession(request.headers.get("Cookie"))) return null;
  const variant = await rules.variant(request);
  return `${url.slice(0, pathStart)}/__guest-cache${path}?build=${encodeURIComponent(rules.build)}&${variant}`;
}

/** If-None-Match by weak comparison (RFC 9110 §13.1.2): the edge weakens ETags it compresses. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * Whether the browser takes gzip before br and identity. Cloudflare, and miniflare locally, hand
 * the Worker a rewritten Accept-Encoding and keep the browser's own in `cf.clientAcceptEncoding`;
 * a coding the browser prefers over gzip is left to the runtime (it compresses plain bytes).
 */
export function prefersGzip(request: Request): boolean {
  const accepted =
    (request.cf?.clientAcceptEncoding as string | undefined) ?? request.headers.get("Accept-Encoding") ?? "";
  let best: { coding: string; weight: number } | null = null;
  for (const part of accepted.split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "br" && coding !== "identity") continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (weight > 0 && (!best || weight > best.weight)) best = { coding, weight };
  }
  return best?.coding === "gzip";
}

function answer(entry: MemoryEntry, request: Request): Response {
  if (etagMatches(request.headers.get("If-None-Match"), entry.etag)) {
    return new Response(null, { status: 304, headers: entry.plain });
  }
  if (entry.gzip && prefersGzip(request)) {
    // Sent as stored: the bytes are already gzip, the runtime must not encode them again.
    return new Response(entry.gzip, { status: entry.status, headers: entry.gzipped, encodeBody: "manual" });
  }
  return new Response(entry.body, { status: entry.status, headers: entry.plain });
}

/**
 * The memory tier alone: workers/app.ts asks it first, before it parses the URL, loads a module
 * or makes a nonce, so a remembered page costs only its key and one Response.
 */
export async function rememberedPage(request: Request, rules: GuestCacheRules): Promise<Response | null> {
  if (memory.size === 0) return null;
  const key = await guestCacheKey(request, rules);
  const entry = key === null ? undefined : memory.get(key);
  return entry ? answer(entry, request) : null;
}

async function gzipOf(bytes: Uint8Array<ArrayBuffer>) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A stored page as the memory tier keeps it, ready to send; `keep` adds its gzip form later. */
function entryOf(body: Uint8Array<ArrayBuffer>, stored: Headers, secure: SecureHeaders): MemoryEntry {
  const headers = new Headers(stored);
  secure(headers);
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  headers.set(CACHE_STATUS_HEADER, "hit");
  const plain = [...headers];
  headers.set("Content-Encoding", "gzip");
  return { status: 200, etag: stored.get("ETag") ?? "", plain, gzipped: [...headers], body, gzip: null };
}

/** Remembers an entry, and compresses it after the response: only later hits need the gzip. */
function keep(key: string, entry: MemoryEntry, ctx: ExecutionContext) {
  remember(key, entry);
  ctx.waitUntil(
    gzipOf(entry.body).then((gzip) => {
      if (memory.get(key) === entry) memoryBytes += gzip.byteLength;
      entry.gzip = gzip;
    }),
  );
  return entry;
}

async function etagOf(body: Uint8Array<ArrayBuffer>, build: string) {
  const digest = await crypto.subtle.digest("SHA-256", body);
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `"${build.slice(0, 8)}-${hex}"`;
}

/** Answers from memory or the Cache API, or renders, stores (when storable) and answers. */
export async function withGuestCache(
  request: Request,
  rules: GuestCacheRules,
  render: () => Promise<Response>,
  ctx: ExecutionContext,
  secure: SecureHeaders = () => {},
): Promise<Response> {
  const key = await guestCacheKey(request, rules);
  if (!key) return render();
  const remembered = memory.get(key);
  if (remembered) return answer(remembered, request);
  const cache = await caches.open("guest-pages");
  const hit = await cache.match(key);
  if (hit) {
    const entry = entryOf(new Uint8Array(await hit.arrayBuffer()), hit.headers, secure);
    return answer(keep(key, entry, ctx), request);
  }

  const response = await render();
  const storable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!storable) return response;
  const text = await response.text();
  // A page with a script is not a guest's static page (and may carry a nonce): never store it.
  if (text.includes("<script")) return new Response(text, response);
  const body = new TextEncoder().encode(text);
  const headers = new Headers(response.headers);
  headers.set("ETag", await etagOf(body, rules.build));
  headers.set("Vary", VARY);
  headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  const entry = keep(key, entryOf(body, headers, secure), ctx);
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers })));
  // This request rendered the page, and says so; the next ones are hits.
  const missed = answer(entry, request);
  missed.headers.set(CACHE_STATUS_HEADER, "miss");
  return missed;
}
