import type { DatedItem } from "~/lib/calendar/format";
import { type Month, monthKeys, monthWeeks } from "~/lib/calendar/month";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { AgendaItem } from "./agenda-list";
import { monthDaysHtml } from "./month-days";

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

/**
 * A month drawn once (decision 210): a list of its days that calendar.css lays out as the month
 * grid from 960 px (seven columns, padded to whole weeks, at most three dates a cell) and as the
 * phone's agenda below (only days with dates, each date with its time and community). In the
 * month that holds today the agenda starts today (decision 124): a "Today" marker, and the
 * earlier days folded behind "Earlier this month: N events", a checkbox and its label (a
 * `<details>` cannot be opened by CSS for the grid), so it opens without JavaScript too.
 * `days`: the month's dates by day (`datedItems`), written as markup by `monthDaysHtml` (decision
 * 217). The links are plain <a>, sent through the router by the page's `useLinkClicks`.
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
  const html = monthDaysHtml(month, days, today, {
    allDay: t("allDay"),
    more: (count) => t("month.more", { count }),
    todayMarker: t("month.todayMarker"),
    today: thisMonth
      ? dateTimeFormat(i18n.language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(today)
      : "",
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: written by monthDaysHtml, every text escaped (decision 217) */}
      <ol className="month-days" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
      {days.size === 0 ? <p className="hint month-note">{t("month.empty")}</p> : null}
      {days.size > 0 && thisMonth && later === 0 ? <p className="hint month-note">{t("month.nothingLater")}</p> : null}
    </div>
  );
}
