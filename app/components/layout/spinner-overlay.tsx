import { useFetchers, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useDelayedFlag, useNeededSince } from "./use-delayed-flag";

/** SPEC §9: the overlay enters after 50 ms and fades out over 300 ms. */
export const SPINNER_ENTER_MS = 50;
export const SPINNER_LEAVE_MS = 300;

/** The global spinner covers the page while a form is being processed. */
export function SpinnerOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const processing = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const shown = useDelayedFlag(processing, SPINNER_ENTER_MS);
  // Made at the first submission, not sent with every page (decision 227).
  if (!useNeededSince(processing)) return null;
  return (
    <div
      className="spinner-overlay"
      data-shown={shown}
      style={{ "--spinner-leave": `${SPINNER_LEAVE_MS}ms` } as React.CSSProperties}
      aria-hidden={!shown}
    >
      <span className="spinner" role="status">
        <span className="visually-hidden">{t("loading")}</span>
      </span>
    </div>
  );
}
