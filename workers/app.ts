import { createRequestHandler, RouterContextProvider } from "react-router";
import { REALTIME_PATH } from "../app/realtime/protocol";
import { countRoundTrips } from "../app/server/db/round-trips.server";
import { withGuestCache } from "./guest-cache";

export { UserHub } from "./user-hub";

const loadBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(loadBuild, import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    // The realtime channel skips React Router: it answers with a socket, not a page (DESIGN §1).
    // Loaded on first use, like the app, so the entry module stays small.
    if (new URL(request.url).pathname === REALTIME_PATH) {
      const { handleRealtimeUpgrade } = await import("./realtime");
      return handleRealtimeUpgrade(request, env);
    }
    const render = () => requestHandler(request, new RouterContextProvider());
    // Guest pages without scripts come from the edge cache, keyed by the build (decision 043).
    const handle = async () => withGuestCache(request, (await loadBuild()).assets.version, render, ctx);
    // The bench and the tests read D1 round trips per request from a header (decision 040).
    return env.COUNT_D1 === "true" ? countRoundTrips(handle) : handle();
  },
} satisfies ExportedHandler<Env>;
