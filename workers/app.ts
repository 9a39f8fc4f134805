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
    // Security headers for every response, and a fresh CSP nonce for each document (decision 031).
    const { cspNonceContext, createNonce, withSecurityHeaders } = await import(
      "../app/server/http/security-headers.server"
    );
    const nonce = createNonce();
    const context = new RouterContextProvider();
    context.set(cspNonceContext, nonce);
    const response = await requestHandler(request, context);
    return withSecurityHeaders(response, { url: new URL(request.url), nonce });
  },
} satisfies ExportedHandler<Env>;
