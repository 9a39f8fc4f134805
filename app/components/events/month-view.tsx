import type { DatedItem } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { type Month, monthKeys, monthWeeks } from "~/lib/calendar/month";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { AgendaItem } from "./agenda-list";

/**
 * One date of the month as the loader sends it (decision 217): a tuple rather than an
 * `AgendaItem`, whose eight keys the hydration data would carry again for every date.
 */
export type MonthRow = [
  eventId: number,
  title: string,
  startsAt: number,
  endsAt: number | null,
  allDay: boolean,
  occurrenceStart: number,
  communityName: string | null,
  category: string | null,
];

export const monthRow = (item: AgendaItem): MonthRow => [
  item.eventId,
  item.title,
  item.startsAt,
  item.endsAt,
  item.allDay,
  item.occurrenceStart,
  item.communityName,
  item.category,
];

export const agendaItem = ([
  eventId,
  title,
  startsAt,
  endsAt,
  allDay,
  occurrenceStart,
  communityName,
  category,
]: MonthRow): AgendaItem => ({ eventId, title, startsAt, endsAt, allDay, occurrenceStart, communityName, category });

/** The grid shows this many of a day's dates and "+N more"; the agenda shows them all. */
const SHOWN_PER_DAY = 3;

/**
 * A month drawn once (decision 210): a list of its days that calendar.css lays out as the month
 * grid from 960 px (seven columns, padded to whole weeks, at most three dates a cell) and as the
 * phone's agenda below (only days with dates, each date with its time and community). In the
 * month that holds today the agenda starts today (decision 124): a "Today" marker, and the
 * earlier days folded behind "Earlier this month: N events", a checkbox and its label (a
 * `<details>` cannot be opened by CSS for the grid), so it opens without JavaScript too.
 * `days`: the month's dates by day (`datedItems`). The links are plain <a>, sent through the
 * router by the page's `useLinkClicks`; the first carries `data-discover` (one route for all).
 * A day with dates has a visually hidden heading, "Sun 1 Nov", which each of its links names as
 * its description: the day is said once a day, not once a date (decision 228). A date is
 * `<li><a class="month-event …">[<span>time</span>]<bdi>title</bdi></a><span>line</span></li>`,
 * no class or text of its own beyond that: a month at scale 1 writes ~130 of them.
 */
export function MonthView({
  month,
  days,
  today,
  label,
}: {
  month: Month;
  days: Map<number, DatedItem<AgendaItem>[]>;
  /** Today's UTC-midnight key in the viewer's zone. */
  today: number;
  label: string;
}) {
  const { t, i18n } = useTranslation("events");
  const weekday = dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  const allDay = t("allDay");
  const weeks = monthWeeks(month);
  const { first, next } = monthKeys(month);
  const thisMonth = today >= first && today < next;
  let earlier = 0;
  let later = 0;
  for (const [day, dated] of days) {
    if (day < today) earlier += dated.length;
    else later += dated.length;
  }
  const folded = thisMonth && earlier > 0;
  let discover = true;
  const cells = weeks.flat().map((day) => {
    if (day < first || day >= next) return <li key={day} className="month-pad" aria-hidden="true" />;
    const dated = days.get(day);
    const classes = `month-day${day === today ? " month-today" : ""}${thisMonth && day < today ? " month-before" : ""}`;
    const number = new Date(day).getUTCDate();
    const dayId = `day-${number}`;
    const cell = !dated ? (
      <li key={day} className={`${classes} month-empty`} aria-hidden="true">
        <span className="month-date">
          <span className="month-day-number">{number}</span>
        </span>
      </li>
    ) : (
      <li key={day} className={classes}>
        <h2 className="visually-hidden" id={dayId}>
          {`${dated[0]!.weekday} ${dated[0]!.dayText} ${dated[0]!.month}`}
        </h2>
        <span className="month-date" aria-hidden="true">
          <span className="month-day-number">{number}</span>
          <span className="month-date-month">{dated[0]!.month}</span>
        </span>
        <ul className="agenda">
          {dated.map(({ item, time: range, start }) => {
            const first = discover;
            discover = false;
            return (
              <li key={`${item.eventId}-${item.occurrenceStart}`}>
                <a
                  href={eventHref(item.eventId, item.occurrenceStart)}
                  className={`month-event category-${item.category ?? "school"}`}
                  aria-describedby={dayId}
                  data-discover={first ? true : undefined}
                >
                  {start === null ? null : <span>{`${start} `}</span>}
                  <bdi>{item.title}</bdi>
                </a>
                <span>{item.communityName ? `${range ?? allDay} · ${item.communityName}` : (range ?? allDay)}</span>
              </li>
            );
          })}
        </ul>
        {dated.length > SHOWN_PER_DAY ? (
          <span className="hint month-more">{t("month.more", { count: dated.length - SHOWN_PER_DAY })}</span>
        ) : null}
      </li>
    );
    if (day !== today) return cell;
    // The phone's "Today" marker, before today's dates; the grid outlines today's cell instead.
    const todayText = dateTimeFormat(i18n.language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(today);
    return [
      <li key="today" className="month-today-marker">
        <h2 className="agenda-today" id="today">
          <span className="agenda-today-badge">{t("month.todayMarker")}</span> {todayText}
        </h2>
      </li>,
      cell,
    ];
  });
  return (
    <div className="month">
      <div className="month-weekdays" aria-hidden="true">
        {weeks[0]!.map((day) => (
          <span key={day}>{weekday.format(new Date(day))}</span>
        ))}
      </div>
      {folded ? (
        <>
          <input type="checkbox" id="month-earlier" className="month-earlier-toggle visually-hidden" />
          <label htmlFor="month-earlier" className="month-earlier">
            {t("month.earlier", { count: earlier })}
          </label>
        </>
      ) : null}
      <ol className="month-days" aria-label={label}>
        {cells}
      </ol>
      {days.size === 0 ? <p className="hint month-note">{t("month.empty")}</p> : null}
      {days.size > 0 && thisMonth && later === 0 ? <p className="hint month-note">{t("month.nothingLater")}</p> : null}
    </div>
  );
}
