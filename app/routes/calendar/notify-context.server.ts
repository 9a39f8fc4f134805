import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/middleware/i18next";
import type { NotifyContext } from "~/server/events/notify.server";

export function notifyContext(request: Request, context: Readonly<RouterContextProvider>): NotifyContext {
  return { origin: new URL(request.url).origin, t: getInstance(context).t as unknown as NotifyContext["t"] };
}
