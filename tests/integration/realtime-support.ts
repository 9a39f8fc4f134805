import { env } from "cloudflare:workers";
import { fetchApp } from "./helpers";

/** An open socket whose incoming text frames queue up until a test reads them. */
export type TestSocket = {
  socket: WebSocket;
  next(timeoutMs?: number): Promise<string>;
  /** Resolves true if nothing arrives within `ms`. */
  silentFor(ms: number): Promise<boolean>;
};

export function upgrade(path: string, headers: Record<string, string> = {}) {
  return fetchApp(path, { headers: { Upgrade: "websocket", ...headers } });
}

/** Opens /realtime like a client would; fails the test if the server does not answer 101. */
export async function connect(path: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const response = await upgrade(path, headers);
  if (response.status !== 101 || !response.webSocket) throw new Error(`expected 101, got ${response.status}`);
  const socket = response.webSocket;
  socket.accept();
  const queue: string[] = [];
  const waiting: ((message: string) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const text = typeof event.data === "string" ? event.data : "";
    const waiter = waiting.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  return {
    socket,
    next(timeoutMs = 2000) {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no frame arrived")), timeoutMs);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    async silentFor(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.length === 0;
    },
  };
}

export function hubOf(userId: number) {
  return env.USER_HUB.get(env.USER_HUB.idFromName(String(userId)));
}
