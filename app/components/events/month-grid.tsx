import { Link } from "react-router";
import { startTime } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { type Month, monthKeys, monthWeeks } from "~/lib/calendar/month";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { AgendaItem } from "./agenda-list";

const SHOWN_PER_DAY = 3;

/** The month grid for wide screens (decision 057); phones get the agenda list instead. */
export function MonthGrid({
  month,
  days,
  zone,
  today,
}: {
  month: Month;
  days: Map<number, AgendaItem[]>;
  zone: string;
  today: number;
}) {
  const { t, i18n } = useTranslation("events");
  const weekday = dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  const weeks = monthWeeks(month);
  const { first, next } = monthKeys(month);
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
              const items = days.get(day) ?? [];
              return (
                <td key={day} className={day === today ? "month-day month-today" : "month-day"}>
                  <span className="month-day-number">{new Date(day).getUTCDate()}</span>
                  <ul>
                    {items.slice(0, SHOWN_PER_DAY).map((item) => (
                      <li key={`${item.eventId}-${item.occurrenceStart}`}>
                        <Link
                          to={eventHref(item.eventId, item.occurrenceStart)}
                          className={`month-event category-${item.category ?? "school"}`}
                        >
                          {item.allDay ? null : (
                            <span className="month-event-time">{`${startTime(item, zone, i18n.language)} `}</span>
                          )}
                          {item.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {items.length > SHOWN_PER_DAY ? (
                    <span className="hint">{t("month.more", { count: items.length - SHOWN_PER_DAY })}</span>
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
