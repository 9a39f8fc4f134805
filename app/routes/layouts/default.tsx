import { useTranslation } from "react-i18next";
import { Outlet, useMatches } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { ConversationsMenu } from "~/components/layout/conversations-menu";
import { Footer } from "~/components/layout/footer";
import { GuestHeader } from "~/components/layout/guest-header";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { NotificationsMenu } from "~/components/layout/notifications-menu";
import { Sidebar } from "~/components/layout/sidebar";
import { SidebarScrim } from "~/components/layout/sidebar-state";
import { SignedInHeader } from "~/components/layout/signed-in-header";
import { SpinnerOverlay } from "~/components/layout/spinner-overlay";
import { Toasts } from "~/components/layout/toasts";
import { DEFAULT_THEME, type Theme } from "~/lib/themes";
import { useRootData, useShipsScripts } from "~/root";

/** SPEC §2 "Default" layout: header, collapsible sidebar (signed in), footer, overlays. */
export function DefaultShell({ children, footer = true }: { children: React.ReactNode; footer?: boolean }) {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user ?? null;
  const appVersion = root?.config.appVersion ?? "";
  const scripts = useShipsScripts();
  // One theme picker per page: a page with its own (settings) says so in its route handle.
  const ownThemePicker = useMatches().some(
    (match) => (match.handle as { ownThemePicker?: boolean } | undefined)?.ownThemePicker,
  );
  return (
    <div className={user ? "app app-signed-in" : "app"}>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      {user ? (
        <SignedInHeader
          user={user}
          notifications={root?.notifications ? <NotificationsMenu data={root.notifications} /> : null}
          conversations={root?.conversations ? <ConversationsMenu conversations={root.conversations} /> : null}
        />
      ) : (
        <GuestHeader />
      )}
      <div className="app-body">
        {user ? <Sidebar appVersion={appVersion} /> : null}
        {user ? <SidebarScrim /> : null}
        <div className="app-content">
          {children}
          {footer ? (
            <Footer
              appVersion={appVersion}
              // Signed in, the theme is chosen in settings (decision 125); a guest has the footer's.
              theme={user || ownThemePicker ? null : ((root?.theme ?? DEFAULT_THEME) as Theme)}
            />
          ) : null}
        </div>
      </div>
      {/* Both show what scripts are doing: a page without scripts has no use for them (decision 090). */}
      {scripts ? <NavigationProgress /> : null}
      {scripts ? <SpinnerOverlay /> : null}
      <Toasts toast={root?.toast ?? null} />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
