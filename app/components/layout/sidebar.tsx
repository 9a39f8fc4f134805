import type { MouseEventHandler } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { useIntentPrefetch } from "~/lib/link-clicks";
import { type IconName, iconClass } from "../icons";

export type NavBadges = { chat: number; inbox: number };

/**
 * What the shell's navigations hand their plain links (decision 218): one click handler that
 * sends an in-app link through the router as `<Link>` would (`useLinkClicks`), and, where the
 * links prefetched on intent, the handlers that name the page pointed at (`useIntentPrefetch`).
 */
export type ShellLinks = {
  onClick: MouseEventHandler<HTMLElement>;
  intent: ReturnType<typeof useIntentPrefetch>["handlers"];
};

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

/**
 * The area the page belongs to: the navigation's destination that is the path or above it
 * (NavLink's rule, case-insensitive as routes match), or null. Read once per render by the
 * layout for the sidebar and the tab bar, rather than by each link's own router hooks (decision 203).
 */
export function currentArea(pathname: string): string | null {
  const path = pathname.toLowerCase();
  for (const { to } of items) {
    if (path === to || (path.startsWith(to) && path.charAt(to.length) === "/")) return to;
  }
  return null;
}

/** SPEC §2 "Sidebar": signed-in only; its footer shows the app version. */
export function Sidebar({
  appVersion,
  badges,
  area,
  links,
}: {
  appVersion: string;
  badges: NavBadges;
  area: string | null;
  links: ShellLinks;
}) {
  const { t } = useTranslation();
  // Plain links: the layout's handlers navigate and prefetch as <Link prefetch="intent"> did, and
  // `data-discover` tells the router of each destination, as <Link> marks itself (decision 218).
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <nav
      id="sidebar"
      className="sidebar"
      aria-label={t("nav.mainNavigation")}
      onClick={links.onClick}
      {...links.intent}
    >
      <ul className="sidebar-list">
        {items.map((item) => (
          <li key={item.to}>
            <a
              className={`${item.to === area ? "sidebar-link active" : "sidebar-link"} ${iconClass(item.icon)}`}
              aria-current={item.to === area ? "page" : undefined}
              href={item.to}
              data-discover="true"
            >
              <span className="sidebar-label">{t(item.labelKey)}</span>
              {item.badge ? unreadBadge(badges[item.badge], t) : null}
            </a>
          </li>
        ))}
      </ul>
      <p className="sidebar-footer sidebar-label">{t("footer.version", { version: appVersion })}</p>
    </nav>
  );
}

/**
 * A count beside a navigation link: "3" to the eye, "Inbox (3 unread)" as the link's name.
 * Hook-free, called as a function (decision 203): the caller's `t`.
 */
export function unreadBadge(count: number, t: (key: "nav.unread", options: { count: number }) => string) {
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
