import { Link } from "react-router";
import { agendaParts } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { useTranslation } from "~/lib/i18n-lite/react";

export type AgendaItem = {
  eventId: number;
  title: string;
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  occurrenceStart: number;
  communityName: string | null;
  category: string | null;
};

/** An events list as SPEC §1 hints it: day, month, title, time; each opens the event. */
export function AgendaList({ items, zone, label }: { items: AgendaItem[]; zone: string; label?: string }) {
  const { t, i18n } = useTranslation("events");
  return (
    <ol className="agenda" aria-label={label}>
      {items.map((item) => {
        const parts = agendaParts(item, zone, i18n.language);
        return (
          <li key={`${item.eventId}-${item.occurrenceStart}`} className="agenda-item">
            <span className="agenda-date" aria-hidden="true">
              <span className="agenda-day">{parts.day}</span>
              <span className="agenda-month">{parts.month}</span>
            </span>
            <span className="agenda-body">
              <Link to={eventHref(item.eventId, item.occurrenceStart)} className="agenda-title">
                <span className="visually-hidden">{`${parts.weekday} ${parts.day} ${parts.month}: `}</span>
                <bdi>{item.title}</bdi>
              </Link>
              <span className="hint">
                {parts.time ?? t("allDay")}
                {item.communityName ? ` · ${item.communityName}` : ""}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
