import { useClock } from "~/lib/clock";
import { formatTimeOfDay } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * "You are offline — showing what you saw at 8:12 AM" (issue 23 item 2, decision 131). Every
 * signed-in page carries it hidden, with the time the page was made in the viewer's zone; the
 * service worker shows it when it answers a kept copy offline. The time is the loader's clock,
 * so the browser renders the same text the server did.
 */
export function OfflineBanner() {
  const { t } = useTranslation("pwa");
  const clock = useClock();
  return (
    <p className="offline-banner" role="status" hidden data-offline-banner="">
      {t("banner", { time: formatTimeOfDay(clock.now, clock) })}
    </p>
  );
}
