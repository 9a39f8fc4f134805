import { type DatedItem, startTime, timeFormat } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { type Month, monthKeys, monthWeeks } from "~/lib/calendar/month";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { AgendaItem } from "./agenda-list";

const SHOWN_PER_DAY = 3;

/**
 * The month grid for wide screens (decision 057); phones get the agenda list instead. `days`:
 * the month's dates by day (`datedItems`, shared with the agenda, decision 205). The links are
 * plain <a>, sent through the router by the page's `useLinkClicks`; the first carries
 * `data-discover` (every event link shares one route).
 */
export function MonthGrid({
  month,
  days,
  zone,
  today,
}: {
  month: Month;
  days: Map<number, DatedItem<AgendaItem>[]>;
  zone: string;
  today: number;
}) {
  const { t, i18n } = useTranslation("events");
  const weekday = dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  const time = timeFormat(zone, i18n.language);
  const weeks = monthWeeks(month);
  const { first, next } = monthKeys(month);
  let discover = true;
  return (
    <table className="month-grid">
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day} scope="col">
              {weekday.format(new Date(day))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              if (day < first || day >= next) return <td key={day} className="month-pad" />;
              const dated = days.get(day) ?? [];
              return (
                <td key={day} className={day === today ? "month-day month-today" : "month-day"}>
                  <span className="month-day-number">{new Date(day).getUTCDate()}</span>
                  <ul>
                    {dated.slice(0, SHOWN_PER_DAY).map(({ item }) => {
                      const start = startTime(item, time);
                      const first = discover;
                      discover = false;
                      return (
                        <li key={`${item.eventId}-${item.occurrenceStart}`}>
                          <a
                            href={eventHref(item.eventId, item.occurrenceStart)}
                            className={`month-event category-${item.category ?? "school"}`}
                            data-discover={first ? true : undefined}
                          >
                            {start === null ? null : <span className="month-event-time">{`${start} `}</span>}
                            {item.title}
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                  {dated.length > SHOWN_PER_DAY ? (
                    <span className="hint">{t("month.more", { count: dated.length - SHOWN_PER_DAY })}</span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
