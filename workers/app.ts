import { createRequestHandler, RouterContextProvider } from "react-router";
import { REALTIME_PATH } from "../app/realtime/protocol";
import { withD1Session } from "../app/server/db/d1-session.server";
import { joinBatches } from "../app/server/db/join-batches.server";
import { countRoundTrips, ROUND_TRIPS_HEADER } from "../app/server/db/round-trips.server";
import { declaresTooLarge, payloadTooLarge } from "../app/server/http/declared-length";
import { withRequestOrigin } from "../app/server/notifications/origin.server";
import type { Job } from "../app/server/queue/queue.server";
import { withJobOutbox } from "../app/server/queue/queue.server";
import { type GuestCacheRules, rememberedPage, withGuestCache } from "./guest-cache";

export { UserHub } from "./user-hub";

// Dynamic imports keep the entry module small; each is started once and its promise kept, since
// an import() per request showed up in the profile as the entry's own time.
let build: Promise<typeof import("virtual:react-router/server-build")> | undefined;
/** The guest cache's rules (decision 043), read from the build's routes and modules once it has loaded. */
let guestRules: GuestCacheRules | undefined;
const loadBuild = () =>
  (build ??= Promise.all([import("virtual:react-router/server-build"), import("./guest-rules")]).then(
    ([loaded, { guestCacheRules }]) => {
      guestRules = guestCacheRules(loaded);
      return loaded;
    },
  ));
const loadRules = async () => {
  await loadBuild();
  return guestRules as GuestCacheRules;
};
let securityHeaders: Promise<typeof import("../app/server/http/security-headers.server")> | undefined;
const loadSecurityHeaders = () => (securityHeaders ??= import("../app/server/http/security-headers.server"));
/**
 * Made once per isolate from the loaded build. Given a function instead, React Router derives
 * its routes and static handler again on every request (about 4 ms of each render, profiled).
 */
let requestHandler: ReturnType<typeof createRequestHandler> | undefined;
const getRequestHandler = async () =>
  (requestHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE));

export default {
  async fetch(request, env, ctx) {
    // A guest's page this isolate already holds answers first: no URL parsed, no module awaited,
    // no nonce made (decision 079). It made no D1 round trip, and the counter says so.
    const remembered = guestRules === undefined ? null : await rememberedPage(request, guestRules);
    if (remembered) {
      if (env.COUNT_D1 === "true") remembered.headers.set(ROUND_TRIPS_HEADER, "0");
      return remembered;
    }
    const url = new URL(request.url);
    // A body larger than any route reads is refused before a byte of it is (decision 114).
    if (declaresTooLarge(request)) {
      const { withSecurityHeaders } = await loadSecurityHeaders();
      return withSecurityHeaders(payloadTooLarge(url.pathname), { url, nonce: null });
    }
    // The realtime channel skips React Router: it answers with a socket, not a page (DESIGN §1).
    // Loaded on first use, like the app, so the entry module stays small.
    if (url.pathname === REALTIME_PATH) {
      const { handleRealtimeUpgrade } = await import("./realtime");
      return handleRealtimeUpgrade(request, env);
    }
    // Security headers for every response, and a fresh CSP nonce for each document (decision 031).
    const { cspNonceContext, createNonce, setSecurityHeaders, withSecurityHeaders } = await loadSecurityHeaders();
    const nonce = createNonce();
    const render = async () => {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, nonce);
      return (await getRequestHandler())(request, context);
    };
    // Guest pages without scripts come from the edge cache, keyed by the build (decision 043).
    // A stored page keeps nonce-free security headers (it has no script); the others get theirs here.
    const secure = (headers: Headers) => setSecurityHeaders(headers, { pathname: url.pathname, nonce: null });
    const respond = async () =>
      withSecurityHeaders(await withGuestCache(request, await loadRules(), render, ctx, secure), {
        url,
        nonce,
      });
    // A GET's loaders share one D1 round trip (decision 104); an action's batch goes alone.
    const reads = request.method === "GET" || request.method === "HEAD";
    const handle = reads ? () => joinBatches(respond) : respond;
    // The bench and the tests read D1 round trips per request from a header (decision 040).
    const counted = env.COUNT_D1 === "true" ? () => countRoundTrips(handle) : handle;
    // Reads near the reader, and always the reader's own writes (D1 Sessions, decision 168).
    const inSession = () => withD1Session(request, env.DB, counted);
    // Notifications this request causes store URLs on the origin it came in on (decision 119);
    // the jobs it enqueues leave in one batch before its response does (decision 165).
    return withRequestOrigin(url.origin, () => withJobOutbox(inSession));
  },
  // Hourly Cron Trigger: day-before event reminders (decision 059).
  async scheduled(controller, _env, ctx) {
    const { runScheduled } = await import("./scheduled");
    ctx.waitUntil(withJobOutbox(() => runScheduled(controller)));
  },
  // The JOBS queue: work after a response that must not be lost (decision 165).
  async queue(batch) {
    const { runJobs } = await import("./queue");
    await runJobs(batch as MessageBatch<Job>);
  },
} satisfies ExportedHandler<Env>;
