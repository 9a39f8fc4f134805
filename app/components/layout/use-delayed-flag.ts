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

/**
 * Whether an indicator's element is needed yet: from the first time `active` is true on, kept
 * after (its fade-out and the next time run on the same element). The server and the hydrating
 * page are always idle, so no page is sent an indicator that only scripts show (decision 227).
 */
export function useNeededSince(active: boolean) {
  const [needed, setNeeded] = useState(active);
  // Set during render (React's documented pattern for state from a prop): mounted in the same commit.
  if (active && !needed) setNeeded(true);
  return needed || active;
}
