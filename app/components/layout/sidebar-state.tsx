import { useEffect, useState } from "react";
import { useLocation } from "react-router";

export const SIDEBAR_TOGGLE_ID = "sidebar-toggle";
export const NARROW_SCREEN_PX = 960;

/**
 * The sidebar's state is a checkbox, so the toggle works without JavaScript. Unchecked means
 * "the default for this width": expanded from 960 px up (SPEC §9: starts expanded), collapsed
 * below it. With JavaScript, every route change on a narrow screen returns to collapsed (SPEC §2).
 */
export function SidebarState() {
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useEffect(() => {
    if (window.innerWidth < NARROW_SCREEN_PX) setToggled(false);
  }, [pathname]);

  return (
    <input
      type="checkbox"
      id={SIDEBAR_TOGGLE_ID}
      className="sidebar-toggle visually-hidden"
      checked={toggled}
      onChange={(event) => setToggled(event.currentTarget.checked)}
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}
