import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";

type State = "unknown" | "unsupported" | "denied" | "off" | "on" | "busy" | "failed";

/** The service worker the app registers (the pwa's), or null when this browser has none. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** base64url → bytes, for `applicationServerKey`. */
function keyBytes(key: string) {
  const text = atob(key.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function send(method: "POST" | "DELETE", body: unknown) {
  const response = await fetch("/profile/settings/notifications/push", {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`push subscription ${method}: ${response.status}`);
}

/**
 * This device's notifications (issue 23 item 4): a button, never a permission prompt on load.
 * Without JavaScript it says what it needs; with it, the button asks the browser, subscribes
 * with the server's VAPID key and hands the subscription to the server (or takes it back).
 */
export function PushSection({ vapidKey, devices }: { vapidKey: string | null; devices: number }) {
  const { t } = useTranslation("notifications");
  const [state, setState] = useState<State>("unknown");
  useEffect(() => {
    if (!vapidKey) return setState("unsupported");
    registration().then(
      async (found) => {
        if (!found) return setState("unsupported");
        if (Notification.permission === "denied") return setState("denied");
        setState((await found.pushManager.getSubscription()) ? "on" : "off");
      },
      () => setState("unsupported"),
    );
  }, [vapidKey]);

  async function toggle() {
    const wasOn = state === "on";
    setState("busy");
    try {
      const found = await registration();
      if (!found || !vapidKey) return setState("unsupported");
      const existing = await found.pushManager.getSubscription();
      if (wasOn) {
        if (existing) {
          await send("DELETE", { endpoint: existing.endpoint });
          await existing.unsubscribe();
        }
        return setState("off");
      }
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const subscription =
        existing ??
        (await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) }));
      await send("POST", subscription.toJSON());
      setState("on");
    } catch {
      setState("failed");
    }
  }

  const status: Partial<Record<State, string>> = {
    unknown: t("push.noScript"),
    unsupported: t("push.unsupported"),
    denied: t("push.denied"),
    on: t("push.on"),
    off: t("push.off"),
    failed: t("push.failed"),
  };
  const canToggle = state === "on" || state === "off" || state === "failed" || state === "busy";
  return (
    <section className="settings-section" id="notify-push" aria-labelledby="notify-push-title">
      <h2 id="notify-push-title">{t("push.title")}</h2>
      <p>{t("push.lead")}</p>
      <p role="status">{status[state]}</p>
      {devices > 0 ? <p>{t("push.devices", { count: devices })}</p> : null}
      {canToggle ? (
        <div className="settings-actions">
          <button type="button" className="button button-secondary" disabled={state === "busy"} onClick={toggle}>
            {state === "on" ? t("push.turnOff") : t("push.turnOn")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
