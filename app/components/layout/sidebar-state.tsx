import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

export const SIDEBAR_TOGGLE_ID = "sidebar-toggle";
export const NARROW_SCREEN_PX = 960;

const isNarrow = () => window.innerWidth < NARROW_SCREEN_PX;

/**
 * The sidebar's state is a checkbox, so the toggle works without JavaScript (decision 010).
 * Unchecked means "the default for this width": expanded from 960 px up (SPEC §9: starts
 * expanded), hidden below it; checked opens the drawer there (decision 036). The checkbox is
 * the focusable control (the header's label is its face), so the keyboard reaches it with and
 * without JavaScript. With JavaScript, a route change or Escape closes the drawer (SPEC §2).
 */
export function SidebarState() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useEffect(() => {
    if (isNarrow()) setToggled(false);
  }, [pathname]);

  useEffect(() => {
    if (!toggled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open menu or dialog takes Escape first (useDisclosure marks it handled).
      if (event.key !== "Escape" || event.defaultPrevented || !isNarrow()) return;
      if (document.querySelector("dialog[open]")) return;
      setToggled(false);
      document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [toggled]);

  return (
    <input
      type="checkbox"
      id={SIDEBAR_TOGGLE_ID}
      className="sidebar-toggle visually-hidden"
      checked={toggled}
      onChange={(event) => setToggled(event.currentTarget.checked)}
      aria-label={t("nav.toggleSidebar")}
      aria-controls="sidebar"
    />
  );
}

/**
 * A tap outside the open drawer closes it: a label for the same checkbox, no script needed.
 * Empty and hidden from assistive technology: the checkbox itself is the accessible control, so
 * a text here would be read by no one (decision 203).
 */
export function SidebarScrim() {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the named checkbox; this is a tap area no one reads
  return <label htmlFor={SIDEBAR_TOGGLE_ID} className="sidebar-scrim" aria-hidden="true" />;
}
