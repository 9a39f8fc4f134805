import { describe, expect, it } from "vitest";
import { datedItems } from "~/lib/calendar/format";
import type { AgendaItem } from "./agenda-list";
import { monthDaysHtml } from "./month-days";

const texts = {
  allDay: "All day",
  more: (count: number) => `+${count} more`,
  todayMarker: "Today",
  today: "Friday, November 27",
};
const month = { year: 2026, month: 11 };

function daysOf(items: AgendaItem[], zone = "America/Chicago") {
  const days = new Map<number, ReturnType<typeof datedItems<AgendaItem>>>();
  for (const date of datedItems(items, zone, "en")) days.set(date.day, [...(days.get(date.day) ?? []), date]);
  return days;
}

const item = (over: Partial<AgendaItem>): AgendaItem => ({
  eventId: 7,
  title: "Bake sale",
  startsAt: Date.parse("2026-11-10T00:00:00Z"),
  endsAt: Date.parse("2026-11-10T01:30:00Z"),
  allDay: false,
  occurrenceStart: Date.parse("2026-11-10T00:00:00Z"),
  communityName: "Lincoln PTO",
  category: "pto",
  ...over,
});

describe("monthDaysHtml (decision 217: the month's days written as markup)", () => {
  it("writes a date as React wrote it: its link with the day for screen readers, start time, title and the line under it", () => {
    const html = monthDaysHtml(month, daysOf([item({})]), Date.UTC(2026, 10, 27), texts);
    expect(html).toContain(
      '<li class="month-day month-before"><span class="month-date" aria-hidden="true"><span class="month-day-number">9</span><span class="month-date-month">Nov</span></span><ul class="agenda"><li class="agenda-item"><a href="/calendar/events/7?on=1794268800000" class="month-event category-pto" data-discover="true"><span class="visually-hidden">Mon 9 Nov: </span><span class="month-event-time">6:00 PM </span><bdi>Bake sale</bdi></a><span class="hint">6:00 – 7:30 PM · Lincoln PTO</span></li></ul></li>',
    );
    // November 2026 starts on a Sunday and ends on a Monday: five padding cells after it, 30 days, today's marker.
    expect(html.match(/class="month-pad"/g)).toHaveLength(5);
    expect(html.match(/<li class="month-day/g)).toHaveLength(30);
    expect(html).toContain(
      '<li class="month-today-marker"><h2 class="agenda-today" id="today"><span class="agenda-today-badge">Today</span> Friday, November 27</h2></li><li class="month-day month-today month-empty" aria-hidden="true">',
    );
  });

  it("escapes every text a user wrote, so a title or a community's name can never be markup", () => {
    const html = monthDaysHtml(
      month,
      daysOf([
        item({
          title: `<img src=x onerror="alert('1')">&amp;`,
          communityName: "<b>PTO</b> & friends",
          allDay: true,
          endsAt: null,
        }),
      ]),
      Date.UTC(2026, 11, 1),
      texts,
    );
    expect(html).toContain(
      '<bdi>&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;</bdi></a><span class="hint">All day · &lt;b&gt;PTO&lt;/b&gt; &amp; friends</span>',
    );
    expect(html).not.toMatch(/<img|<b>/);
    // Not this month: no marker, no folded days.
    expect(html).not.toMatch(/month-today|month-before/);
  });

  it("shows a day's dates under it, the first link alone marked for discovery, and says how many the grid leaves out", () => {
    const starts = [1, 2, 3, 4, 5].map((hour) => Date.parse(`2026-11-12T1${hour}:00:00Z`));
    const html = monthDaysHtml(
      month,
      daysOf(starts.map((startsAt, i) => item({ eventId: i + 1, startsAt, occurrenceStart: startsAt, endsAt: null }))),
      Date.UTC(2026, 10, 1),
      texts,
    );
    expect(html.match(/class="agenda-item"/g)).toHaveLength(5);
    expect(html.match(/data-discover/g)).toHaveLength(1);
    expect(html).toContain('<span class="hint month-more">+2 more</span></li>');
  });
});
