import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> dropdown opens without JavaScript; with it, it also closes as people expect:
 * after navigating, on Escape, and on a click outside it.
 */
export function useDropdown() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        menu.open = false;
        menu.querySelector("summary")?.focus();
        return;
      }
      if (event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  return ref;
}
