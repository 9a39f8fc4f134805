import { env } from "cloudflare:workers";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The origin a notification's stored URL starts with (SPEC §3 stores full URLs; decision 021:
 * the origin the user came in on, so no setting is needed to run the app). The Worker's fetch
 * runs each request inside `withRequestOrigin`, the one place it is set (workers/app.ts);
 * outside a request (the hourly reminders, a test calling a service) it is APP_ORIGIN. Kept
 * apart from the notifier so the Worker's entry imports only this much.
 */
const requestOrigin = new AsyncLocalStorage<string>();

export function withRequestOrigin<T>(origin: string, work: () => T): T {
  return requestOrigin.run(origin, work);
}

export function notificationOrigin(): string {
  return requestOrigin.getStore() ?? env.APP_ORIGIN;
}
