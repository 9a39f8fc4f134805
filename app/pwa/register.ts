/**
 * Run by every signed-in page after hydration (routes/layouts/signed-in.tsx), never by a
 * guest's: registers the service worker, hands it the built files this page loaded before it was
 * in control, makes links page loads while offline (the worker answers them from the device),
 * and asks the worker to send the outbox whenever the connection returns (decisions 130–132).
 */
import { OUTBOX_FLUSH, SERVICE_WORKER_PATH } from "./protocol";

let started = false;

/** Asks the worker to send what the outbox holds (it sends nothing while offline). */
export function flushOutboxSoon() {
  navigator.serviceWorker?.controller?.postMessage({ type: OUTBOX_FLUSH });
}

export function startOfflineSupport() {
  if (started || !("serviceWorker" in navigator)) return;
  started = true;
  navigator.serviceWorker
    .register(SERVICE_WORKER_PATH)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
      registration.active?.postMessage({ type: "keep-assets", urls });
      registration.active?.postMessage({ type: OUTBOX_FLUSH });
    })
    // No service worker (a private window, an old browser): the app works online as before.
    .catch(() => undefined);
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
  // The page may hear "online" before the network answers again: asked again shortly after.
  addEventListener("online", () => {
    for (const delay of [0, 1_500, 6_000]) setTimeout(flushOutboxSoon, delay);
  });
}
