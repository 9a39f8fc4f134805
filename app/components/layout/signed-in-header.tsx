import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useRealtimeConnection } from "~/realtime/use-realtime";
import { Icon } from "../icons";
import { HeaderMenu } from "./header-menu";
import { Logo } from "./logo";
import { SIDEBAR_TOGGLE_ID, SidebarState } from "./sidebar-state";
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
  user: { name: string; avatar: string };
  notifications?: ReactNode;
  conversations?: ReactNode;
}) {
  const { t } = useTranslation();
  // SPEC §4: the realtime socket connects once the signed-in header is shown.
  useRealtimeConnection();
  return (
    <header className="header">
      {/* The control is this checkbox (decision 010), in the banner like all of the header
          (axe "region", decision 125); the label is its face. */}
      <SidebarState />
      <label htmlFor={SIDEBAR_TOGGLE_ID} className="icon-button sidebar-toggle-button" title={t("nav.toggleSidebar")}>
        <Icon name="menu" />
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
        <HeaderMenu
          className="avatar-menu"
          label={t("avatarMenu.label")}
          trigger={<UserAvatar name={user.name} avatar={user.avatar} size="small" />}
        >
          <p className="menu-heading" id="avatar-menu-heading">
            {user.name}
          </p>
          {/* Named by the person's name: "Account menu" is the trigger's name alone. */}
          <div role="menu" aria-labelledby="avatar-menu-heading" className="menu-items">
            <Link role="menuitem" to="/profile">
              {t("avatarMenu.profile")}
            </Link>
            <Link role="menuitem" to="/profile/friends">
              {t("avatarMenu.friends")}
            </Link>
            <Link role="menuitem" to="/profile/settings">
              {t("avatarMenu.settings")}
            </Link>
            {/* A whole-page post (a new session, a new page): the browser's own form does it. */}
            <form method="post" action="/login/logout" role="none">
              <button role="menuitem" type="submit" className="menu-button">
                {t("avatarMenu.logOut")}
              </button>
            </form>
          </div>
        </HeaderMenu>
      </div>
    </header>
  );
}
