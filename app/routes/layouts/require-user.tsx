import { useEffect } from "react";
import { Outlet } from "react-router";
import { OfflineBanner } from "~/components/pwa/offline-banner";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import pwa from "~/locales/en/pwa.json";
import { startOfflineSupport } from "~/pwa/register";
import { signInRedirect } from "~/server/auth/web-session.server";
import type { Route } from "./+types/require-user";

registerNamespace("pwa", pwa);

/** Every signed-in page sits under this layout: guests are sent to /login?redirectTo=… (SPEC §6). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    if (!context.get(userContext)) throw signInRedirect(url);
  },
];

// Signed-in pages share one description unless they name their own (lib/page-description.ts).
export const handle: DescriptionHandle = { description: "common:meta.signedInDescription" };

export default function RequireUser() {
  // The installable app and offline reading (issue 23, decisions 130–132): signed-in pages only,
  // once the page is up; a development server has no service worker.
  useEffect(() => {
    if (import.meta.env.PROD) startOfflineSupport();
  }, []);
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}
