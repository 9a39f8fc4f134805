import { useEffect, useEffectEvent } from "react";
import { connectRealtime, type RealtimeConnection } from "./client";
import { realtimeEvents } from "./events";
import { type FrameData, REALTIME_PATH, REALTIME_SESSION_PATH, type RealtimeMessageType } from "./protocol";

let connection: RealtimeConnection | null = null;
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let everOpened = false;
const reconnectListeners = new Set<() => void>();

/**
 * Keeps the page's one realtime socket open while a signed-in header is mounted (SPEC §4:
 * it connects once the header is shown). Switching layouts remounts the header; the short
 * grace before closing keeps that from reconnecting.
 */
export function useRealtimeConnection(enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    clearTimeout(closeTimer);
    if (!connection) {
      const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
      connection = connectRealtime({
        url: `${scheme}//${window.location.host}${REALTIME_PATH}`,
        sessionUrl: REALTIME_SESSION_PATH,
        onFrame: (frame) => realtimeEvents.emit(frame),
        // Visible state for debugging and end-to-end tests: <html data-realtime="open">.
        onStatus: (status) => {
          document.documentElement.dataset.realtime = status;
          // A reopened socket missed whatever was sent while it was down: listeners fetch it
          // by cursor (DESIGN §1).
          if (status === "open" && everOpened) for (const listener of reconnectListeners) listener();
          if (status === "open") everOpened = true;
        },
      });
    }
    return () => {
      users -= 1;
      if (users > 0) return;
      closeTimer = setTimeout(() => {
        if (users > 0) return;
        connection?.close();
        connection = null;
      }, 1000);
    };
  }, [enabled]);
}

/** Calls `handler` with the data of every frame of one messageType. */
export function useRealtimeEvent<T extends RealtimeMessageType>(type: T, handler: (data: FrameData<T>) => void) {
  const onFrame = useEffectEvent(handler);
  useEffect(() => realtimeEvents.on(type, (data) => onFrame(data)), [type]);
}

/** Calls `handler` each time the socket reopens after it had been open before (a reconnect). */
export function useRealtimeReconnect(handler: () => void) {
  const onReconnect = useEffectEvent(handler);
  useEffect(() => {
    const listener = () => onReconnect();
    reconnectListeners.add(listener);
    return () => {
      reconnectListeners.delete(listener);
    };
  }, []);
}
