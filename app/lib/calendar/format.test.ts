import { describe, expect, it, vi } from "vitest";
import { dateTimeFormat } from "~/lib/date-format";
import { datedItems, dayOf, ENDS_LATER, timeFormat } from "./format";
import { localDateKey } from "./time-zone";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

/** The page's `events:overnight`, as a test writes it. */
const overnight = (start: string, end: string) => `${start} → ${end}`;

/**
 * What `datedItems` wrote before decision 210: every range formatted from its own instants; one
 * that ends on a later day, its start's time and its end's day and time (decision 222).
 */
function direct(item: { startsAt: number; endsAt: number | null; allDay: boolean }, zone: string, locale: string) {
  if (item.allDay) return null;
  const time = timeFormat(zone, locale);
  if (item.endsAt === null) return time.format(item.startsAt);
  if (item.endsAt >= item.startsAt && localDateKey(item.endsAt, zone) !== localDateKey(item.startsAt, zone))
    return overnight(
      time.format(item.startsAt),
      dateTimeFormat(locale, { ...ENDS_LATER, timeZone: zone }).format(item.endsAt),
    );
  return time.formatRange(item.startsAt, item.endsAt);
}

describe("datedItems' texts (decision 210: ranges kept by wall clock; 217: start times too; 222: overnight)", () => {
  it("writes each range and start time as formatting its own instants does, across clock changes, midnight and fractions of minutes", () => {
    const items = [];
    // Around New York's fall-back night and Lord Howe's half-hour change, every 110 minutes and 1.5 seconds, with
    // lengths of 0, 45 minutes, 90 minutes (some across 1:00–2:00 twice), 3 hours (some across midnight) and 26 hours;
    // and around New Year's night (the end in another year).
    for (const from of [at("2026-10-31T12:00:00Z"), at("2026-04-04T08:00:00Z"), at("2026-12-30T00:00:00Z")]) {
      for (let startsAt = from; startsAt < from + 48 * HOUR; startsAt += 110 * 60_000 + 1_500) {
        for (const length of [0, 45 * 60_000, 90 * 60_000, 3 * HOUR, 26 * HOUR])
          items.push({ startsAt, endsAt: startsAt + length, allDay: false });
        items.push({ startsAt, endsAt: null, allDay: false });
      }
    }
    items.push({ startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-11-03T00:00:00Z"), allDay: true });
    const wrong: string[] = [];
    for (const [zone, locales] of [
      ["America/New_York", ["en", "es", "zh-Hans", "vi", "ar"]],
      ["Australia/Lord_Howe", ["en", "ar"]],
      ["Asia/Kathmandu", ["vi"]],
      // The zones furthest from UTC: +14 and −12.
      ["Pacific/Kiritimati", ["en", "zh-Hans"]],
      ["Etc/GMT+12", ["es"]],
    ] as const) {
      for (const locale of locales) {
        const dated = datedItems(items, zone, locale, overnight);
        const day = dateTimeFormat(locale, { day: "numeric", timeZone: "UTC" });
        for (const [i, date] of dated.entries()) {
          const item = items[i]!;
          const start = item.allDay ? null : timeFormat(zone, locale).format(item.startsAt);
          const expected = { time: direct(item, zone, locale), start, day: dayOf(item, zone) };
          const got = { time: date.time, start: date.start, day: date.day };
          if (JSON.stringify(got) !== JSON.stringify(expected) || date.dayText !== day.format(date.day))
            wrong.push(`${zone} ${locale} ${new Date(item.startsAt).toISOString()}: ${JSON.stringify(got)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("a date that ends on a later day (decision 222)", () => {
  it("is its start's time and its end's day and time, with no formatRange, in the viewer's zone", () => {
    const formatRange = vi.spyOn(Intl.DateTimeFormat.prototype, "formatRange");
    // 11 PM to 1 AM in Los Angeles (UTC−8 in November), and a same-day date (a time no other test has).
    const items = [
      { startsAt: at("2026-11-02T07:00:00Z"), endsAt: at("2026-11-02T09:00:00Z"), allDay: false },
      { startsAt: at("2026-11-03T02:13:00Z"), endsAt: at("2026-11-03T03:29:00Z"), allDay: false },
    ];
    const [late, evening] = datedItems(items, "America/Los_Angeles", "en", (start, end) => `${start} – ${end}`);
    expect(late!.time).toBe("11:00 PM – Mon, Nov 2, 1:00 AM");
    expect(late!.day).toBe(at("2026-11-01T00:00:00Z"));
    expect(evening!.time).toBe("6:13 – 7:29 PM");
    expect(formatRange).toHaveBeenCalledTimes(1);
    formatRange.mockRestore();
  });
});

describe("a range of times of day (decision 222)", () => {
  it("is formatted once, for every later list in that language too, whatever the dates and zone", () => {
    const formatRange = vi.spyOn(Intl.DateTimeFormat.prototype, "formatRange");
    const first = [{ startsAt: at("2026-05-04T05:17:00Z"), endsAt: at("2026-05-04T06:49:00Z"), allDay: false }];
    // The same times of day in Bangkok (UTC+7), on other dates, in a later render.
    const later = [3, 9, 27].map((day) => ({
      startsAt: at(`2026-06-${String(day).padStart(2, "0")}T22:17:00Z`),
      endsAt: at(`2026-06-${String(day).padStart(2, "0")}T23:49:00Z`),
      allDay: false,
    }));
    const texts = [
      ...datedItems(first, "UTC", "vi", overnight),
      ...datedItems(later, "Asia/Bangkok", "vi", overnight),
    ].map((date) => date.time);
    expect(new Set(texts)).toEqual(
      new Set([timeFormat("UTC", "vi").formatRange(first[0]!.startsAt, first[0]!.endsAt)]),
    );
    expect(formatRange).toHaveBeenCalledTimes(2); // once in the lists, once just above
    formatRange.mockRestore();
  });
});
