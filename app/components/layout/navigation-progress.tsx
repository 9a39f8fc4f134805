import { useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useDelayedFlag } from "./use-delayed-flag";

/** SPEC §9: the bar shows only after 200 ms and creeps across over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const visible = useDelayedFlag(navigation.state !== "idle", PROGRESS_THROTTLE_MS);

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
