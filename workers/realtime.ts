import { authenticateRealtime } from "../app/server/auth/realtime-auth.server";
import { USER_ID_HEADER } from "./user-hub";

/**
 * GET /realtime with `Upgrade: websocket` (DESIGN §1): authenticates before any socket
 * exists, then hands the request to the user's UserHub, which accepts it.
 */
export async function handleRealtimeUpgrade(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET") return new Response(null, { status: 405, headers: { Allow: "GET" } });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected Upgrade: websocket", { status: 426, headers: { Upgrade: "websocket" } });
  }
  const auth = await authenticateRealtime(request);
  if (auth.status === "forbidden") return new Response(null, { status: 403 });
  if (auth.status !== "ok") return new Response(null, { status: 401 });

  const headers = new Headers(request.headers);
  headers.set(USER_ID_HEADER, String(auth.userId));
  const hub = env.USER_HUB.get(env.USER_HUB.idFromName(String(auth.userId)));
  return hub.fetch(new Request(request, { headers }));
}
