import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetchers, useNavigation } from "react-router";

/** SPEC §9: the overlay enters after 50 ms and fades out over 300 ms. */
export const SPINNER_ENTER_MS = 50;
export const SPINNER_LEAVE_MS = 300;

/** The global spinner covers the page while a form is being processed. */
export function SpinnerOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const processing = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!processing) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SPINNER_ENTER_MS);
    return () => clearTimeout(timer);
  }, [processing]);

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
