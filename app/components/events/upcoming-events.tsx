import { datedItems } from "~/lib/calendar/format";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import { type AgendaItem, AgendaList } from "./agenda-list";

/**
 * "Upcoming events" of a community or a school: the same list as the calendar's agenda. The
 * communities page uses it with `upcomingEvents({ communityId })` from the events service.
 */
export function UpcomingEvents({
  items,
  zone,
  headingId = "upcoming-events",
}: {
  items: AgendaItem[];
  zone: string;
  headingId?: string;
}) {
  const { t, i18n } = useTranslation("events");
  const onClick = useLinkClicks();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <section aria-labelledby={headingId} className="upcoming-events" onClick={onClick}>
      <h2 id={headingId}>{t("upcoming")}</h2>
      {items.length === 0 ? (
        <p className="hint">{t("noUpcoming")}</p>
      ) : (
        <AgendaList dated={datedItems(items, zone, i18n.language, (start, end) => t("overnight", { start, end }))} />
      )}
    </section>
  );
}
