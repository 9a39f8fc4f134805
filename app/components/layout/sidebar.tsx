import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { Icon, type IconName } from "../icons";

const items: {
  to: string;
  labelKey: "nav.newsfeed" | "nav.calendar" | "nav.conversations" | "nav.communities";
  icon: IconName;
}[] = [
  { to: "/newsfeed", labelKey: "nav.newsfeed", icon: "news" },
  { to: "/calendar", labelKey: "nav.calendar", icon: "calendar" },
  { to: "/chat", labelKey: "nav.conversations", icon: "chat" },
  { to: "/communities", labelKey: "nav.communities", icon: "people" },
];

/** SPEC §2 "Sidebar": signed-in only; its footer shows the app version. */
export function Sidebar({ appVersion }: { appVersion: string }) {
  const { t } = useTranslation();
  return (
    <nav id="sidebar" className="sidebar" aria-label={t("nav.mainNavigation")}>
      <ul className="sidebar-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="sidebar-link" prefetch="intent">
              <Icon name={item.icon} />
              <span className="sidebar-label">{t(item.labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="sidebar-footer sidebar-label">{t("footer.version", { version: appVersion })}</p>
    </nav>
  );
}
