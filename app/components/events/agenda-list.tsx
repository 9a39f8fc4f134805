import type { DatedItem } from "~/lib/calendar/format";
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

/**
 * An events list as SPEC §1 hints it: day, month, title, time; each opens the event. `dated`
 * comes from `datedItems` (each date's texts worked out once, decision 205). The links are plain
 * <a>: the page's `useLinkClicks` sends them through the router; the first carries
 * `data-discover`, so the event page's route is known before a tap (all share it).
 */
export function AgendaList({ dated, label }: { dated: DatedItem<AgendaItem>[]; label?: string }) {
  const { t } = useTranslation("events");
  const allDay = t("allDay");
  return (
    <ol className="agenda" aria-label={label}>
      {dated.map(({ item, dayText, month, weekday, time }, index) => (
        <li key={`${item.eventId}-${item.occurrenceStart}`} className="agenda-item">
          <span className="agenda-date" aria-hidden="true">
            <span className="agenda-day">{dayText}</span>
            <span className="agenda-month">{month}</span>
          </span>
          <span className="agenda-body">
            <a
              href={eventHref(item.eventId, item.occurrenceStart)}
              className="agenda-title"
              data-discover={index === 0 ? true : undefined}
            >
              <span className="visually-hidden">{`${weekday} ${dayText} ${month}: `}</span>
              <bdi>{item.title}</bdi>
            </a>
            <span className="hint">
              {item.communityName ? `${time ?? allDay} · ${item.communityName}` : (time ?? allDay)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
