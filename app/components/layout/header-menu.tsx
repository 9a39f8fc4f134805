import { type ReactNode, useEffect } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import { type IconName, iconClass } from "../icons";
import { useDisclosure } from "./use-disclosure";

/**
 * A header dropdown: a trigger with an optional unread badge and a panel (SPEC §2). A
 * <details>, so it opens without JavaScript; `useDisclosure` adds the rest (decision 035).
 * On phones the panel is a full-width sheet under the header (app.css). A list of commands
 * inside it goes in a `role="menu"` element and gets the arrow keys.
 */
export function HeaderMenu({
  className,
  label,
  title,
  trigger,
  icon,
  badge = 0,
  panelClassName,
  onOpen,
  children,
}: {
  /** The area's class on the <details>, e.g. "notifications-menu". */
  className: string;
  /** The trigger's accessible name; include the unread count when there is one. */
  label: string;
  title?: string;
  /** The trigger's face: an element (the avatar), or an icon drawn before the badge by CSS. */
  trigger?: ReactNode;
  icon?: IconName;
  badge?: number;
  panelClassName?: string;
  /**
   * Called as the menu opens (a tap or a key on its summary, or any other opening), and once the
   * page hydrates if it was tapped open before: for a panel whose content is made on open.
   */
  onOpen?: () => void;
  children: ReactNode;
}) {
  const ref = useDisclosure();
  useEffect(() => {
    if (onOpen && ref.current?.open) onOpen();
  }, [onOpen, ref]);
  return (
    <details
      className={`menu ${className}`}
      ref={ref}
      onToggle={onOpen && ((event) => event.currentTarget.open && onOpen())}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is its details' own button (keys reach it as clicks); the click makes the panel's content before it opens */}
      <summary
        className={icon ? `menu-trigger ${iconClass(icon)}` : "menu-trigger"}
        aria-label={label}
        title={title}
        onClick={onOpen}
      >
        {trigger}
        {badge > 0 ? (
          <span className="badge" aria-hidden="true">
            {badge > 99 ? "99+" : badge}
          </span>
        ) : null}
      </summary>
      <div className={panelClassName ? `menu-panel ${panelClassName}` : "menu-panel"}>{children}</div>
    </details>
  );
}

/**
 * A header dropdown that counts what is unread (notifications, conversations): named by its
 * area's texts in common.json, `<area>.label` and, with the count, `<area>.unreadLabel`.
 */
export function UnreadMenu({
  area,
  icon,
  unread,
  onOpen,
  children,
}: {
  area: "notifications" | "conversations";
  icon: IconName;
  unread: number;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`${area}.label`);
  return (
    <HeaderMenu
      className={`${area}-menu`}
      panelClassName={`${area}-panel`}
      label={unread > 0 ? t(`${area}.unreadLabel`, { count: unread }) : name}
      title={name}
      icon={icon}
      badge={unread}
      onOpen={onOpen}
    >
      {children}
    </HeaderMenu>
  );
}
