import type { DatedItem } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { type Month, monthKeys, monthWeeks } from "~/lib/calendar/month";
import { escapeHtml } from "~/lib/html";
import type { AgendaItem } from "./agenda-list";

/** The grid shows this many of a day's dates and "+N more"; the agenda shows them all. */
const SHOWN_PER_DAY = 3;

/** The texts the days say, translated by the caller. */
export type MonthTexts = { allDay: string; more: (count: number) => string; todayMarker: string; today: string };

/**
 * The items of the month's list of days (decision 210), as markup (decision 217): each date is a
 * link and the line under it, the same markup React wrote for them, written here as one string
 * that the page sets as the list's content. A date cost React ~6 elements to render, stream and
 * hydrate, 40 µs of server CPU a date at scale 1 (132 dates); the list is read-only and its links
 * go through the page's `useLinkClicks`, so React has nothing in it to keep. Every text is escaped.
 * `days`: the month's dates by day; `today`: its UTC-midnight key in the viewer's zone.
 */
export function monthDaysHtml(
  month: Month,
  days: Map<number, DatedItem<AgendaItem>[]>,
  today: number,
  texts: MonthTexts,
): string {
  const { first, next } = monthKeys(month);
  const thisMonth = today >= first && today < next;
  let html = "";
  let discover = true;
  for (const day of monthWeeks(month).flat()) {
    if (day < first || day >= next) {
      html += '<li class="month-pad" aria-hidden="true"></li>';
      continue;
    }
    // The phone's "Today" marker, before today's dates; the grid outlines today's cell instead.
    if (day === today)
      html += `<li class="month-today-marker"><h2 class="agenda-today" id="today"><span class="agenda-today-badge">${escapeHtml(texts.todayMarker)}</span> ${escapeHtml(texts.today)}</h2></li>`;
    const classes = `month-day${day === today ? " month-today" : ""}${thisMonth && day < today ? " month-before" : ""}`;
    const number = new Date(day).getUTCDate();
    const dated = days.get(day);
    if (!dated) {
      html += `<li class="${classes} month-empty" aria-hidden="true"><span class="month-date"><span class="month-day-number">${number}</span></span></li>`;
      continue;
    }
    html += `<li class="${classes}"><span class="month-date" aria-hidden="true"><span class="month-day-number">${number}</span><span class="month-date-month">${escapeHtml(dated[0]!.month)}</span></span><ul class="agenda">`;
    for (const { item, dayText, month: monthText, weekday, time, start } of dated) {
      const line = item.communityName ? `${time ?? texts.allDay} · ${item.communityName}` : (time ?? texts.allDay);
      // The first link carries `data-discover`: the event page's route is known before a tap (all share it).
      html += `<li class="agenda-item"><a href="${escapeHtml(eventHref(item.eventId, item.occurrenceStart))}" class="month-event category-${escapeHtml(item.category ?? "school")}"${discover ? ' data-discover="true"' : ""}><span class="visually-hidden">${escapeHtml(`${weekday} ${dayText} ${monthText}: `)}</span>${start === null ? "" : `<span class="month-event-time">${escapeHtml(start)} </span>`}<bdi>${escapeHtml(item.title)}</bdi></a><span class="hint">${escapeHtml(line)}</span></li>`;
      discover = false;
    }
    html += "</ul>";
    if (dated.length > SHOWN_PER_DAY)
      html += `<span class="hint month-more">${escapeHtml(texts.more(dated.length - SHOWN_PER_DAY))}</span>`;
    html += "</li>";
  }
  return html;
}
