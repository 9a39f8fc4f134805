import { PrefetchPageLinks, useLocation, useMatches, useRouteError } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { shipsScripts } from "~/lib/hydration";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useIntentPrefetch, useLinkClicks } from "~/lib/link-clicks";
import { DEFAULT_THEME, type Theme } from "~/lib/themes";
import { useRootData } from "~/root";
import { ConversationsMenu, useChatUnread } from "./conversations-menu";
import { Footer } from "./footer";
import { GuestHeader } from "./guest-header";
import { NavigationProgress } from "./navigation-progress";
import { NotificationsMenu } from "./notifications-menu";
import { currentArea, Sidebar } from "./sidebar";
import { SidebarScrim } from "./sidebar-state";
import { SignedInHeader } from "./signed-in-header";
import { SpinnerOverlay } from "./spinner-overlay";
import { TabBar } from "./tab-bar";
import { Toasts } from "./toasts";

const NO_CONVERSATIONS: never[] = [];

/**
 * SPEC §2 "Default" layout: header, collapsible sidebar (signed in), footer, overlays. Drawn by
 * the default layout route (guest pages and pages for anyone), the signed-in layout route
 * (decision 239) and the full-width one.
 */
export function DefaultShell({ children, footer = true }: { children: React.ReactNode; footer?: boolean }) {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user ?? null;
  const appVersion = root?.config.appVersion ?? "";
  // The matches read once for both questions below (useShipsScripts would read them again).
  const matches = useMatches();
  const scripts = shipsScripts(matches, Boolean(user));
  // One live reading of the conversations for the header's dropdown and the navigation's badges.
  const chat = useChatUnread(root?.conversations ?? NO_CONVERSATIONS);
  const badges = { chat: chat.unread, inbox: root?.inboxUnread ?? 0 };
  // The page's area, read once for the sidebar's and the tab bar's links (decision 203).
  const area = currentArea(useLocation().pathname);
  // The shell's links are plain <a>s (decision 218): one handler sends them through the router,
  // one intent prefetches the sidebar's and the tab bar's pages, as their <Link>s did.
  const onLinkClick = useLinkClicks();
  const intent = useIntentPrefetch();
  const navLinks = { onClick: onLinkClick, intent: intent.handlers };
  // One theme picker per page: a page with its own (settings) says so in its route handle.
  const ownThemePicker = matches.some(
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
          onLinkClick={onLinkClick}
          notifications={root?.notifications ? <NotificationsMenu data={root.notifications} /> : null}
          conversations={
            root?.conversations ? <ConversationsMenu conversations={chat.conversations} unread={chat.unread} /> : null
          }
        />
      ) : (
        <GuestHeader />
      )}
      {/* Under the header, before the page: in its flow on a narrow screen (decision 230). */}
      <Toasts toast={root?.toast ?? null} scripts={scripts} />
      <div className="app-body">
        {user ? <Sidebar appVersion={appVersion} badges={badges} area={area} links={navLinks} /> : null}
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
      {user ? <TabBar badges={badges} area={area} links={navLinks} /> : null}
      {intent.page ? <PrefetchPageLinks page={intent.page} /> : null}
      {/* Both show what scripts are doing: a page without scripts has no use for them (decision 090). */}
      {scripts ? <NavigationProgress /> : null}
      {scripts ? <SpinnerOverlay /> : null}
    </div>
  );
}

/**
 * A page's error in the same shell: the ErrorBoundary every layout that draws it re-exports. It
 * reads the error with `useRouteError`: React Router hands the `error` prop only to an
 * ErrorBoundary written in the route module itself, not to one re-exported from elsewhere.
 */
export function DefaultShellError() {
  return (
    <DefaultShell>
      <ErrorPage error={useRouteError()} />
    </DefaultShell>
  );
}
