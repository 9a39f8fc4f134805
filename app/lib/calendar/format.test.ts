import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "~/lib/date-format";
import { datedItems, dayOf, timeFormat } from "./format";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

/** What `datedItems` wrote before decision 210: every range formatted from its own instants. */
function direct(item: { startsAt: number; endsAt: number | null; allDay: boolean }, zone: string, locale: string) {
  if (item.allDay) return null;
  const time = timeFormat(zone, locale);
  return item.endsAt === null ? time.format(item.startsAt) : time.formatRange(item.startsAt, item.endsAt);
}

describe("datedItems' texts (decision 210: ranges kept by wall clock; 217: start times too)", () => {
  it("writes each range and start time as formatting its own instants does, across clock changes, midnight and fractions of minutes", () => {
    const items = [];
    // Around New York's fall-back night and Lord Howe's half-hour change, every 110 minutes and 1.5 seconds, with
    // lengths of 0, 45 minutes, 90 minutes (some across 1:00–2:00 twice), 3 hours (some across midnight) and 26 hours.
    for (const from of [at("2026-10-31T12:00:00Z"), at("2026-04-04T08:00:00Z")]) {
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
    ] as const) {
      for (const locale of locales) {
        const dated = datedItems(items, zone, locale);
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
