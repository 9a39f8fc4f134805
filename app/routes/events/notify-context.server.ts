import type { RouterContextProvider } from "react-router";
import { translatorFor } from "~/middleware/i18next";
import type { NotifyContext } from "~/server/events/event-notifications.server";

export function notifyContext(request: Request, context: Readonly<RouterContextProvider>): NotifyContext {
  return { origin: new URL(request.url).origin, t: translatorFor(context) };
}
