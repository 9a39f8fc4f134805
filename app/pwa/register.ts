/**
 * Loaded by every signed-in page after hydration (routes/layouts/require-user.tsx), never by a
 * guest's: registers the service worker, hands it the built files this page loaded before it was
 * in control, makes links page loads while offline (the worker answers them from the device),
 * and sends the outbox whenever the connection returns (decisions 130–132).
 */
import { flushOutbox } from "./outbox";
import { SERVICE_WORKER_PATH } from "./protocol";

let started = false;

export function startOfflineSupport(userId: number) {
  if (started) return;
  started = true;
  if ("serviceWorker" in navigator) void register();
  // Offline, the app cannot load a page's data: a link is then an ordinary page load instead.
  addEventListener(
    "click",
    (event) => {
      if (!navigator.onLine && event.target instanceof Element && event.target.closest("a[href]")) {
        event.stopPropagation();
      }
    },
    true,
  );
  addEventListener("online", () => void flushOutbox(userId));
  if (navigator.onLine) void flushOutbox(userId);
}

async function register() {
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
    const registration = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
    registration.active?.postMessage({ type: "keep-assets", urls });
  } catch {
    // No service worker (a private window, an old browser): the app works online as before.
  }
}
