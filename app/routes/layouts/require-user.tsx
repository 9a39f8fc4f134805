import { useEffect } from "react";
import { Outlet } from "react-router";
import { OfflineBanner } from "~/components/pwa/offline-banner";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import pwa from "~/locales/en/pwa.json";
import { useRootData } from "~/root";
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
  const userId = useRootData()?.user?.id;
  // The installable app and offline reading (issue 23, decisions 130–132): signed-in pages only,
  // loaded after the page is up; a development server has no service worker.
  useEffect(() => {
    if (import.meta.env.PROD && userId) void import("~/pwa/register").then((pwa) => pwa.startOfflineSupport(userId));
  }, [userId]);
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}
