import { useEffect, useState } from "react";

/**
 * True once `active` has stayed true for `delayMs`; false as soon as it is not. Keeps
 * indicators from flashing for work that finishes quickly (SPEC §9 throttles).
 */
export function useDelayedFlag(active: boolean, delayMs: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}
