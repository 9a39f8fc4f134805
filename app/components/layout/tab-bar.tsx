import { NavLink, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { Icon } from "../icons";
import { type NavBadges, UnreadBadge } from "./sidebar";
import { SIDEBAR_TOGGLE_ID } from "./sidebar-state";
import { useDisclosure } from "./use-disclosure";

/**
 * The phone's bottom tab bar (decision 123), below 960 px: Newsfeed, Calendar, Messages,
 * Communities and More. Messages opens a small sheet with the conversations and the inbox,
 * each with its own unread count; More opens the drawer (the sidebar: Schools, the inbox and
 * everything else). Links, a <details> and a <label> for the drawer's checkbox: all of it
 * works without JavaScript.
 */
export function TabBar({ badges }: { badges: NavBadges }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const messages = useDisclosure();
  const inMessages = pathname.startsWith("/chat") || pathname.startsWith("/messagesold");
  return (
    <nav className="tab-bar" aria-label={t("nav.tabBar")}>
      <NavLink to="/newsfeed" className="tab" prefetch="intent">
        <Icon name="news" />
        <span className="tab-label">{t("nav.newsfeed")}</span>
      </NavLink>
      <NavLink to="/calendar" className="tab" prefetch="intent">
        <Icon name="calendar" />
        <span className="tab-label">{t("nav.calendar")}</span>
      </NavLink>
      <details className="menu tab-menu" ref={messages}>
        <summary className={inMessages ? "tab active" : "tab"}>
          <Icon name="chat" />
          <span className="tab-label">{t("nav.messages")}</span>
          <UnreadBadge count={badges.chat + badges.inbox} />
        </summary>
        <div className="menu-panel tab-panel">
          <NavLink to="/chat" prefetch="intent">
            <Icon name="chat" />
            <span className="tab-panel-label">{t("nav.conversations")}</span>
            <UnreadBadge count={badges.chat} />
          </NavLink>
          <NavLink to="/messagesold" prefetch="intent">
            <Icon name="inbox" />
            <span className="tab-panel-label">{t("nav.inbox")}</span>
            <UnreadBadge count={badges.inbox} />
          </NavLink>
        </div>
      </details>
      <NavLink to="/communities" className="tab" prefetch="intent">
        <Icon name="people" />
        <span className="tab-label">{t("nav.communities")}</span>
      </NavLink>
      {/* The drawer's checkbox is the control (decision 010); this is one more face of it. */}
      <label htmlFor={SIDEBAR_TOGGLE_ID} className="tab tab-more">
        <Icon name="more" />
        <span className="tab-label">{t("nav.more")}</span>
      </label>
    </nav>
  );
}
