import { Link } from "react-router";
import { longWhen } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DateSummary } from "~/server/events/event-page.server";

/**
 * The next dates of a repeating event, each a link to its own answers (decision 058), with how
 * many are going and the viewer's answer; the date the page is about is marked.
 */
export function DateList({
  eventId,
  allDay,
  dates,
  current,
  zone,
}: {
  eventId: number;
  allDay: boolean;
  dates: DateSummary[];
  current: number | null;
  zone: string;
}) {
  const { t, i18n } = useTranslation("events");
  return (
    <ul className="occurrence-list">
      {dates.map((date) => (
        <li key={date.occurrenceStart}>
          <Link
            to={eventHref(eventId, date.occurrenceStart)}
            aria-current={date.occurrenceStart === current ? "date" : undefined}
            className="occurrence-link"
          >
            {longWhen({ ...date, allDay }, zone, i18n.language)}
            {date.moved ? ` (${t("event.moved")})` : ""}
          </Link>
          <span className="hint">
            {t("rsvp.goingCount", { count: date.going })}
            {date.myAnswer ? ` · ${t("rsvp.yours", { answer: t(`rsvp.${date.myAnswer}`) })}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
