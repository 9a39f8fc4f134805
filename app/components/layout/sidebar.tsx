import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { Icon, type IconName } from "../icons";

export type NavBadges = { chat: number; inbox: number };

type NavItem = {
  to: string;
  labelKey: "nav.newsfeed" | "nav.calendar" | "nav.conversations" | "nav.inbox" | "nav.communities" | "nav.schools";
  icon: IconName;
  badge?: keyof NavBadges;
};

/** Every area, one tap away at every width (decision 123): the drawer on phones, the sidebar from 960 px. */
const items: NavItem[] = [
  { to: "/newsfeed", labelKey: "nav.newsfeed", icon: "news" },
  { to: "/calendar", labelKey: "nav.calendar", icon: "calendar" },
  { to: "/chat", labelKey: "nav.conversations", icon: "chat", badge: "chat" },
  { to: "/messagesold", labelKey: "nav.inbox", icon: "inbox", badge: "inbox" },
  { to: "/communities", labelKey: "nav.communities", icon: "people" },
  { to: "/schools", labelKey: "nav.schools", icon: "school" },
];

/** SPEC §2 "Sidebar": signed-in only; its footer shows the app version. */
export function Sidebar({ appVersion, badges }: { appVersion: string; badges: NavBadges }) {
  const { t } = useTranslation();
  return (
    <nav id="sidebar" className="sidebar" aria-label={t("nav.mainNavigation")}>
      <ul className="sidebar-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="sidebar-link" prefetch="intent">
              <Icon name={item.icon} />
              <span className="sidebar-label">{t(item.labelKey)}</span>
              {item.badge ? <UnreadBadge count={badges[item.badge]} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="sidebar-footer sidebar-label">{t("footer.version", { version: appVersion })}</p>
    </nav>
  );
}

/** A count beside a navigation link: "3" to the eye, "Inbox (3 unread)" as the link's name. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {count > 99 ? "99+" : count}
      </span>
      <span className="visually-hidden">{t("nav.unread", { count })}</span>
    </>
  );
}
