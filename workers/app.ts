import { createRequestHandler, RouterContextProvider } from "react-router";
import { REALTIME_PATH } from "../app/realtime/protocol";

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
    return requestHandler(request, new RouterContextProvider());
  },
  // Hourly Cron Trigger: day-before event reminders (decision 059).
  async scheduled(controller, env, ctx) {
    const { runScheduled } = await import("./scheduled");
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env>;
