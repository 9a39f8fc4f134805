import { DurableObject } from "cloudflare:workers";
import { PING, PONG, type RealtimeFrame } from "../app/realtime/protocol";

/** What each socket remembers across hibernation (DESIGN §1): no state lives in memory. */
export type SocketAttachment = { userId: number; connectedAt: number };

/** Set by the Worker after it authenticated the upgrade; the hub trusts no one else. */
export const USER_ID_HEADER = "X-UserHub-User";

/**
 * One per user (`idFromName(String(userId))`): holds every open socket of that user (tabs,
 * devices) and fans frames out to them. It uses the WebSocket Hibernation API and keeps no
 * timers, so an idle user's hub is evicted from memory while the sockets stay open.
 */
export class UserHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime itself, without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** The Worker forwards an authenticated `Upgrade: websocket` request here. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected Upgrade: websocket", { status: 426, headers: { Upgrade: "websocket" } });
    }
    const userId = Number(request.headers.get(USER_ID_HEADER));
    if (!Number.isInteger(userId) || userId <= 0) return new Response(null, { status: 401 });

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ userId, connectedAt: Date.now() } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** RPC from the services: sends one frame to every socket of this user; returns how many got it. */
  async publish(frame: RealtimeFrame): Promise<number> {
    const text = JSON.stringify(frame);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
        delivered += 1;
      } catch {
        // A socket that is closing cannot take frames; its close handler tidies up.
      }
    }
    return delivered;
  }

  /**
   * RPC: closes every socket of this user (logout, account deletion; decision 042). Returns how
   * many were open. Sockets of other sign-ins reconnect with their own renewed tokens.
   */
  async closeAll(code: number, reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) closeQuietly(socket, code, reason);
    return sockets.length;
  }

  /** How many sockets are open: for tests and the benchmark. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    // Clients only ever send pings (variants the auto-response did not match exactly land here).
    if (typeof message !== "string") return;
    try {
      if ((JSON.parse(message) as { type?: unknown })?.type === "ping") socket.send(PONG);
    } catch {
      // Not JSON: ignored, like every other message from a client.
    }
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string) {
    closeQuietly(socket, code, reason);
  }

  async webSocketError(socket: WebSocket) {
    closeQuietly(socket, 1011, "error");
  }
}

/** Completes the closing handshake. 1005 and 1006 are only ever reported, never sent. */
function closeQuietly(socket: WebSocket, code: number, reason: string) {
  const sendable = code === 1000 || (code >= 3000 && code <= 4999) || (code >= 1007 && code <= 1014) || code <= 1003;
  try {
    socket.close(sendable && code >= 1000 ? code : 1000, reason);
  } catch {
    // Already closed.
  }
}
