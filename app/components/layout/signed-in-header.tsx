import type { MouseEventHandler, ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useRealtimeConnection } from "~/realtime/use-realtime";
import { iconClass } from "../icons";
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
  onLinkClick,
}: {
  user: { name: string; avatar: string };
  notifications?: ReactNode;
  conversations?: ReactNode;
  /** The layout's one handler for the header's plain links (decision 218). */
  onLinkClick: MouseEventHandler<HTMLElement>;
}) {
  const { t } = useTranslation();
  // SPEC §4: the realtime socket connects once the signed-in header is shown.
  useRealtimeConnection();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks on its links only, which keys reach as clicks
    <header className="header" onClick={onLinkClick}>
      {/* The control is this checkbox (decision 010), in the banner like all of the header
          (axe "region", decision 125); the label is its face. */}
      <SidebarState />
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the named checkbox above; this is its face, its icon drawn by CSS */}
      <label
        htmlFor={SIDEBAR_TOGGLE_ID}
        className={`icon-button sidebar-toggle-button ${iconClass("menu")}`}
        title={t("nav.toggleSidebar")}
      />
      <Logo />
      <div className="header-actions">
        {notifications}
        {conversations ?? (
          <a
            className={`icon-button ${iconClass("chat")}`}
            title={t("conversations.label")}
            href="/chat"
            data-discover="true"
          >
            <span className="visually-hidden">{t("conversations.label")}</span>
          </a>
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
            <a role="menuitem" href="/profile" data-discover="true">
              {t("avatarMenu.profile")}
            </a>
            <a role="menuitem" href="/profile/friends" data-discover="true">
              {t("avatarMenu.friends")}
            </a>
            <a role="menuitem" href="/profile/settings" data-discover="true">
              {t("avatarMenu.settings")}
            </a>
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
