import { PING, parseFrame, type RealtimeFrame } from "./protocol";

/** SPEC §4, §9: reconnect after 1 s, 2 s, 3 s, 3 s … */
export function reconnectDelay(attempt: number) {
  return Math.min(1000 * (attempt + 1), 3000);
}

/** Close code of a deliberate close: never followed by a reconnect (SPEC §4). */
export const NORMAL_CLOSURE = 1000;

/** Idle connections get dropped by proxies; the hub answers pings without waking up. */
const PING_INTERVAL_MS = 30_000;

export type RealtimeClientOptions = {
  url: string;
  /** Fetched before each reconnect so the cookie's access token renews; 401 means signed out. */
  sessionUrl?: string;
  onFrame: (frame: RealtimeFrame) => void;
  /** Told when the socket opens and when it is gone. */
  onStatus?: (status: "open" | "closed") => void;
  /** Seams for tests. */
  createSocket?: (url: string) => WebSocket;
  fetchSession?: (url: string) => Promise<{ status: number }>;
};

export type RealtimeConnection = { close(): void };

/** A tiny realtime client: one socket, frames parsed and handed on, reconnect on failure. */
export function connectRealtime(options: RealtimeClientOptions): RealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const fetchSession =
    options.fetchSession ??
    ((url: string) => fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "*/*" } }));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function open() {
    const current = createSocket(options.url);
    socket = current;
    current.addEventListener("open", () => {
      attempt = 0;
      options.onStatus?.("open");
      pingTimer = setInterval(() => current.readyState === WebSocket.OPEN && current.send(PING), PING_INTERVAL_MS);
    });
    current.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      const frame = parseFrame(event.data);
      if (frame) options.onFrame(frame);
    });
    current.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      options.onStatus?.("closed");
      if (socket === current) socket = null;
      if (!stopped && event.code !== NORMAL_CLOSURE) scheduleReconnect();
    });
  }

  function scheduleReconnect() {
    const delay = reconnectDelay(attempt);
    attempt += 1;
    retryTimer = setTimeout(async () => {
      if (options.sessionUrl) {
        // A refused upgrade looks like any other failure (1006): renew first, then retry.
        const status = await fetchSession(options.sessionUrl).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 401) stopped = true;
      }
      if (!stopped) open();
    }, delay);
  }

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close(NORMAL_CLOSURE);
      socket = null;
    },
  };
}
