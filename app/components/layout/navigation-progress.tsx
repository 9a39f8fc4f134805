import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** SPEC §9: the bar shows only after 200 ms and creeps across over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className="navigation-progress"
      data-visible={visible}
      style={{ "--progress-duration": `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
      role="progressbar"
      aria-hidden={!visible}
      aria-valuetext={visible ? "loading" : undefined}
    />
  );
}
