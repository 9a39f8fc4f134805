import { useEffect } from "react";
import { Outlet } from "react-router";
import { DefaultShell } from "~/components/layout/default-shell";
import { OfflineBanner } from "~/components/pwa/offline-banner";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import pwa from "~/locales/en/pwa.json";
import { startOfflineSupport } from "~/pwa/register";
import { signInRedirect } from "~/server/auth/web-session.server";
import type { Route } from "./+types/signed-in";

registerNamespace("pwa", pwa);

/**
 * SPEC §2 "Default" layout for every signed-in page, and their guard: guests are sent to
 * /login?redirectTo=… (SPEC §6). One layout level, not the default layout with a guard layout
 * inside it: every level is matched, built and rendered on every request (decision 239).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    if (!context.get(userContext)) throw signInRedirect(url);
  },
];

// Signed-in pages share one description unless they name their own (lib/page-description.ts).
export const handle: DescriptionHandle = { description: "common:meta.signedInDescription" };

export default function SignedInLayout() {
  // The installable app and offline reading (issue 23, decisions 130–132): signed-in pages only,
  // once the page is up; a development server has no service worker.
  useEffect(() => {
    if (import.meta.env.PROD) startOfflineSupport();
  }, []);
  return (
    <DefaultShell>
      <OfflineBanner />
      <Outlet />
    </DefaultShell>
  );
}

/** A signed-in page's error shows in the same shell, without the offline banner's watch. */
export { DefaultShellError as ErrorBoundary } from "~/components/layout/default-shell";
