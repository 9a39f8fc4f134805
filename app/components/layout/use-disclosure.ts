import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const ITEM = '[role="menuitem"]:not([disabled])';

/**
 * The one behaviour of every <details> dropdown and popup (decision 035). Without JavaScript a
 * <details> opens and closes on its summary. With it, it also closes after navigating, on
 * Escape (focus back on the summary), on a click outside and when focus leaves it; where its
 * panel is a `role="menu"`, the arrow keys, Home and End move between the items.
 */
export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const shownAt = useRef(`${pathname}${search}`);

  // Closes when the location changes, not when the page hydrates: on a slow phone a menu tapped
  // open before the scripts ran stays open.
  useEffect(() => {
    const here = `${pathname}${search}`;
    if (shownAt.current === here) return;
    shownAt.current = here;
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const close = (refocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (refocus) summary?.focus();
    };
    const onDocumentClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !details.contains(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        // A modal <dialog> inside (a confirmation) handles its own Escape first.
        if (details.querySelector("dialog[open]")) return;
        event.preventDefault();
        close(true);
        return;
      }
      moveInMenu(details, event);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      // null: focus went to the page itself (a click on text); the click handler decides.
      if (next instanceof Node && !details.contains(next)) close(false);
    };
    const onToggle = () => {
      if (details.open && details.contains(document.activeElement)) {
        details.querySelector<HTMLElement>(ITEM)?.focus();
      }
    };
    document.addEventListener("click", onDocumentClick);
    details.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    details.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("click", onDocumentClick);
      details.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("toggle", onToggle);
    };
  }, []);

  return ref;
}

/** WAI-ARIA menu button keys: Down/Up wrap around, Home/End jump; Down on the summary opens. */
function moveInMenu(details: HTMLDetailsElement, event: KeyboardEvent) {
  if (!details.querySelector('[role="menu"]')) return;
  const items = [...details.querySelectorAll<HTMLElement>(ITEM)];
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (event.key === "ArrowDown") next = index + 1;
  else if (event.key === "ArrowUp") next = index < 0 ? items.length - 1 : index - 1;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = items.length - 1;
  else return;
  event.preventDefault();
  if (!details.open) details.open = true;
  items[(next + items.length) % items.length]?.focus();
}
