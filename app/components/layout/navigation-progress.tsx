import { useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useDelayedFlag, useNeededSince } from "./use-delayed-flag";

/** SPEC §9: the bar shows only after 200 ms and creeps across over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const visible = useDelayedFlag(busy, PROGRESS_THROTTLE_MS);
  // Made at the first navigation, not sent with every page (decision 227).
  if (!useNeededSince(busy)) return null;
  return (
    <div
      className="navigation-progress"
      data-visible={visible}
      style={{ "--progress-duration": `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
      role="progressbar"
      aria-hidden={!visible}
      aria-valuetext={visible ? t("loading") : undefined}
    />
  );
}
