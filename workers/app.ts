import { createRequestHandler, RouterContextProvider } from "react-router";
import { REALTIME_PATH } from "../app/realtime/protocol";
import { countRoundTrips } from "../app/server/db/round-trips.server";

export { UserHub } from "./user-hub";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env) {
    // The realtime channel skips React Router: it answers with a socket, not a page (DESIGN §1).
    // Loaded on first use, like the app, so the entry module stays small.
    if (new URL(request.url).pathname === REALTIME_PATH) {
      const { handleRealtimeUpgrade } = await import("./realtime");
      return handleRealtimeUpgrade(request, env);
    }
    const handle = () => requestHandler(request, new RouterContextProvider());
    // The bench and the tests read D1 round trips per request from a header (decision 040).
    return env.COUNT_D1 === "true" ? countRoundTrips(handle) : handle();
  },
} satisfies ExportedHandler<Env>;
