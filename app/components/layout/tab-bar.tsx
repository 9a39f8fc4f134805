import { useTranslation } from "~/lib/i18n-lite/react";
import { iconClass } from "../icons";
import { type NavBadges, type ShellLinks, unreadBadge } from "./sidebar";
import { SIDEBAR_TOGGLE_ID } from "./sidebar-state";
import { useDisclosure } from "./use-disclosure";

/**
 * The phone's bottom tab bar (decision 123), below 960 px: Newsfeed, Calendar, Messages,
 * Communities and More. Messages opens a small sheet with the conversations and the inbox,
 * each with its own unread count; More opens the drawer (the sidebar: Schools, the inbox and
 * everything else). Links, a <details> and a <label> for the drawer's checkbox: all of it
 * works without JavaScript. `area` is the layout's `currentArea`, read once for both navigations;
 * the sidebar's links already tell the router of these routes, so these do not (decision 203).
 * Plain links, sent through the router by the layout's handlers (decision 218).
 */
export function TabBar({ badges, area, links }: { badges: NavBadges; area: string | null; links: ShellLinks }) {
  const { t } = useTranslation();
  const messages = useDisclosure();
  const tab = (to: string, icon: "news" | "calendar" | "people", label: string) => (
    <a
      className={`${to === area ? "tab active" : "tab"} ${iconClass(icon)}`}
      aria-current={to === area ? "page" : undefined}
      href={to}
    >
      {label}
    </a>
  );
  const panelLink = (to: string, icon: "chat" | "inbox", label: string, count: number) => (
    <a className={iconClass(icon)} aria-current={to === area ? "page" : undefined} href={to}>
      {label}
      {unreadBadge(count, t)}
    </a>
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <nav className="tab-bar" aria-label={t("nav.tabBar")} onClick={links.onClick} {...links.intent}>
      {tab("/newsfeed", "news", t("nav.newsfeed"))}
      {tab("/calendar", "calendar", t("nav.calendar"))}
      <details className="menu tab-menu" ref={messages}>
        <summary
          className={`${area === "/chat" || area === "/messagesold" ? "tab active" : "tab"} ${iconClass("chat")}`}
        >
          {t("nav.messages")}
          {unreadBadge(badges.chat + badges.inbox, t)}
        </summary>
        <div className="menu-panel tab-panel">
          {panelLink("/chat", "chat", t("nav.conversations"), badges.chat)}
          {panelLink("/messagesold", "inbox", t("nav.inbox"), badges.inbox)}
        </div>
      </details>
      {tab("/communities", "people", t("nav.communities"))}
      {/* The drawer's checkbox is the control (decision 010); this is one more face of it. */}
      <label htmlFor={SIDEBAR_TOGGLE_ID} className={`tab tab-more ${iconClass("more")}`}>
        {t("nav.more")}
      </label>
    </nav>
  );
}
