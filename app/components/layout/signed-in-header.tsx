import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { SessionUser } from "~/context";
import { useRealtimeConnection } from "~/realtime/use-realtime";
import { Icon } from "../icons";
import { Logo } from "./logo";
import { SIDEBAR_TOGGLE_ID } from "./sidebar-state";
import { useDropdown } from "./use-dropdown";
import { UserAvatar } from "./user-avatar";

/**
 * SPEC §2 "Signed-in header": sidebar toggle, logo, notifications and conversations
 * dropdowns, and the avatar menu. Menus are <details>, so they open without JavaScript.
 */
export function SignedInHeader({
  user,
  notifications,
  conversations,
}: {
  user: SessionUser;
  notifications?: ReactNode;
  conversations?: ReactNode;
}) {
  const { t } = useTranslation();
  // SPEC §4: the realtime socket connects once the signed-in header is shown.
  useRealtimeConnection();
  const avatarMenu = useDropdown();
  return (
    <header className="header">
      <label htmlFor={SIDEBAR_TOGGLE_ID} className="icon-button sidebar-toggle-button" title={t("nav.toggleSidebar")}>
        <Icon name="menu" />
        <span className="visually-hidden">{t("nav.toggleSidebar")}</span>
      </label>
      <Logo />
      <div className="header-actions">
        {notifications}
        {conversations ?? (
          <Link to="/chat" className="icon-button" title={t("conversations.label")}>
            <Icon name="chat" />
            <span className="visually-hidden">{t("conversations.label")}</span>
          </Link>
        )}
        <details className="menu avatar-menu" ref={avatarMenu}>
          <summary className="menu-trigger" aria-label={t("avatarMenu.label")}>
            <UserAvatar name={user.name} avatar={user.avatar} size="small" />
          </summary>
          <div className="menu-panel" role="menu">
            <p className="menu-heading">{user.name}</p>
            <Link role="menuitem" to="/profile">
              {t("avatarMenu.profile")}
            </Link>
            <Link role="menuitem" to="/profile/friends">
              {t("avatarMenu.friends")}
            </Link>
            <Link role="menuitem" to="/profile/settings">
              {t("avatarMenu.settings")}
            </Link>
            <Form method="post" action="/login/logout" reloadDocument>
              <button role="menuitem" type="submit" className="menu-button">
                {t("avatarMenu.logOut")}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </header>
  );
}
