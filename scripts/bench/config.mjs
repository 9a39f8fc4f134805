// What `npm run bench` measures. Later issues add their pages to ROUTES.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium.mjs";

export const PERSIST = ".wrangler/bench-state";
export const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 8790);
export const RESULTS_FILE = "bench/results.json";

/** Gzip level for every "gz" figure (node:zlib, the maximum; CDNs usually serve brotli or gzip 6–9). */
export const GZIP_LEVEL = 9;

/** HTML + CSS of each About page must fit in the first round trips of a cold visit. */
export const ABOUT_BUDGET_BYTES = 14 * 1024;

/** Signed-in routes (`signIn: true`) use this demo account (scripts/seed.mjs). */
export const DEMO_ACCOUNT = { email: "parent@demo.schoolhub.test", password: "schoolhub-demo" };
export const SIGN_IN_PATH = "/login/signin";

/**
 * ── ROUTES ─────────────────────────────────────────────────────────────────────────────
 * Every page the benchmark visits. Add new pages here.
 *   path      the URL path
 *   status    the status the page must answer (default 200); another status fails the run
 *   optional  skip the page (with a note) when it does not answer `status` yet
 *   signIn    fetch it with the demo account's session cookie (skipped with a note while the app
 *             has no sign-in page; a failing sign-in fails the run unless the page is optional)
 *   about     HTML + CSS gzip must stay within ABOUT_BUDGET_BYTES
 *   browser   measure LCP and TBT in throttled Chromium
 *   events    how many events the page's agenda must list (/calendar: the seeded month); a
 *             different count is reported as a note, since the figures then measure another page
 *
 * BENCH_ROUTES=/calendar,/schools measures only the routes whose path starts with one of these,
 * in bytes, render time and the school search, and skips the rest (throughput, Chromium,
 * realtime): a quick look at a few pages without the whole run.
 */
export const ROUTES = [
  { path: "/", browser: true },
  { path: "/about", about: true, browser: true },
  { path: "/about/aup", about: true, browser: true },
  { path: "/about/contact", about: true, browser: true },
  { path: "/about/privacy", about: true, browser: true },
  { path: "/about/terms", about: true, browser: true },
  { path: "/login", browser: true },
  { path: "/bench-no-such-page", status: 404 },
  // Signed-in pages.
  // The feed's first page holds seeded posts with photos (scripts/seed/post-images.mjs, in local
  // R2), so LCP and bytes count sized, lazy images as a real feed has them (decision 066).
  { path: "/newsfeed", signIn: true, browser: true },
  // A post with two photos, on its own page (both eager).
  { path: "/content/1009", signIn: true, browser: true },
  // Communities (decisions 045–047): Lincoln PTO (id 1, seeded) and a search that matches several.
  { path: "/communities/1", signIn: true, browser: true },
  { path: "/communities/search?q=school", signIn: true, browser: true },
  // Chat (decision 050): the seeded direct chat with 60 messages, of which the page shows 50.
  { path: "/chat/1", signIn: true, browser: true },
  // Schools and the calendar (decisions 055, 057): this month holds 40 seeded events of the demo
  // parent's communities; school search over the 10,200 seeded schools, in render time.
  { path: "/calendar", signIn: true, browser: true, events: 40 },
  { path: "/schools?q=lincoln", signIn: true },
  { path: "/schools?q=ele", signIn: true },
  { path: "/schools/browse?state=CA&by=district", signIn: true },
];

/** The routes of this run: all, or those BENCH_ROUTES names (by path prefix). */
export const ROUTE_FILTER = (process.env.BENCH_ROUTES ?? "")
  .split(",")
  .map((prefix) => prefix.trim())
  .filter(Boolean);
export const SELECTED_ROUTES =
  ROUTE_FILTER.length === 0 ? ROUTES : ROUTES.filter((route) => ROUTE_FILTER.some((p) => route.path.startsWith(p)));

/**
 * School search server time over the seeded 10,200 schools (decisions 075, 084): a whole word, a
 * word start in 5,000 names, a city, two words, a two-letter prefix (no trigram), and text inside
 * a word of nearly every name and district ("ool": only the substring tier answers it).
 * The median of each query must stay within the goal, or the run fails (the p95 is shown).
 */
export const SCHOOL_SEARCH = {
  queries: ["lincoln", "ele", "portland", "oak grove", "ma", "ool"],
  requests: 20,
  warmup: 3,
  goalMs: 20,
  requestTimeoutMs: 10_000,
};

/** Throughput: page rps against the rps of a static asset served by the same Worker. */
export const THROUGHPUT = {
  pages: ["/about"],
  /** The other measured page; null picks the route with the largest HTML. */
  heaviest: process.env.BENCH_HEAVIEST ?? null,
  staticAsset: "/favicon.svg",
  concurrency: 8,
  warmupMs: 1_000,
  /**
   * 10 s a target in 1 s slices: with 5 s, runs of one build put `/about`'s ratio anywhere from
   * 0.87 to 1.09 on this 2-core VM (decision 110); twice the samples narrow that by √2.
   */
  durationMs: 10_000,
  /** The duration is taken in this many slices, the targets in turn (see load.mjs). */
  rounds: 10,
  maxRequests: 50_000,
  requestTimeoutMs: 10_000,
};

/** Server render time: sequential requests per route. */
export const RENDER = { requests: 20, warmup: 2, requestTimeoutMs: 10_000 };

/** Chromium load metrics, Lighthouse's mobile "slow 4G" settings. */
export const BROWSER = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  viewport: { width: 412, height: 823 },
  runs: 3,
  cpuSlowdown: 4,
  network: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8, offline: false },
  navigationTimeoutMs: 60_000,
  /** After `load`: wait for the network to go quiet (bounded), then this long for late tasks and paints. */
  networkIdleTimeoutMs: 15_000,
  settleMs: 2_000,
};

/** Hard stop for the whole run, whatever hangs. */
/** Realtime delivery (decision 021): 1 and then REALTIME.users connected sockets, one per user. */
export const REALTIME = { users: 200, notifications: 60, concurrency: 8, timeoutMs: 15_000 };

/**
 * Chat delivery (decision 061): `conversations` direct chats send at once, `rounds`
 * times; send → arrival on the other person's socket, against the goals below. Only the round
 * trips fail the run: latency on a shared machine is reported, not enforced.
 */
export const CHAT_DELIVERY = {
  conversations: 50,
  rounds: 10,
  roundMs: 1_000,
  timeoutMs: 15_000,
  p95GoalMs: 50,
  d1Goal: 1,
};

/**
 * D1 round trips of a page request (decisions 040, 104): the root loader's, the layouts' and the
 * page's reads share one; a guest's cached page makes none.
 */
export const PAGE_D1_GOAL = 1;

export const OVERALL_TIMEOUT_MS = 20 * 60_000;
