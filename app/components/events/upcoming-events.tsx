import { useTranslation } from "~/lib/i18n-lite/react";
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
  const { t } = useTranslation("events");
  return (
    <section aria-labelledby={headingId} className="upcoming-events">
      <h2 id={headingId}>{t("upcoming")}</h2>
      {items.length === 0 ? <p className="hint">{t("noUpcoming")}</p> : <AgendaList items={items} zone={zone} />}
    </section>
  );
}
