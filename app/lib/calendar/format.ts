import { dateTimeFormat } from "~/lib/date-format";
import { dateKey, type LocalDateTime, localDateKey, utcToLocal } from "./time-zone";

/** What a list or grid needs to place and label an occurrence. */
export type Placeable = { startsAt: number; endsAt: number | null; allDay: boolean };

/** The zone an occurrence's date is read in: all-day dates float (decision 056). */
export const displayZone = (item: Placeable, viewerZone: string) => (item.allDay ? "UTC" : viewerZone);

/** The day (UTC-midnight key) an occurrence starts on, as the viewer sees it. */
export const dayOf = (item: Placeable, viewerZone: string) =>
  localDateKey(item.startsAt, displayZone(item, viewerZone));

/**
 * An occurrence with what a list writes of its date: "8", "Mar", "Sun", "6:00 PM – 7:30 PM" (null
 * all day) and the month grid's "6:00 PM" (null all day).
 */
export type DatedItem<T extends Placeable = Placeable> = {
  item: T;
  /** The day it starts on, as the viewer sees it (`dayOf`). */
  day: number;
  dayText: string;
  month: string;
  weekday: string;
  time: string | null;
  start: string | null;
};

/**
 * What the month's grid and agenda (and a list of upcoming dates) write of each occurrence's
 * date (SPEC §1 lists), worked out once a render for all of them (decision 205): a day's texts
 * once per day (its UTC-midnight key, read in UTC, is that day wherever the occurrence is read),
 * each formatter once per list rather than per date. At scale 1 a month draws ~130 dates.
 * A time range once per wall-clock range (decision 210): `formatRange` costs ~40 `format`s, and
 * a month's events start and end at a few dozen times of day. A start time once per time of day
 * too, from the wall clock the day was read from (decision 217): no `format` of its own. A date
 * that ends on a later day is written with `overnight` (decision 222).
 */
export function datedItems<T extends Placeable>(
  items: T[],
  viewerZone: string,
  locale: string,
  overnight: Overnight,
): DatedItem<T>[] {
  const dayText = dateTimeFormat(locale, { day: "numeric", timeZone: "UTC" });
  const month = dateTimeFormat(locale, { month: "short", timeZone: "UTC" });
  const weekday = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const days = new Map<number, { dayText: string; month: string; weekday: string }>();
  const { range, start: startText } = wallClockTexts(viewerZone, locale, overnight);
  return items.map((item) => {
    const start = utcToLocal(item.startsAt, displayZone(item, viewerZone));
    const day = dateKey(start.year, start.month, start.day);
    let texts = days.get(day);
    if (!texts) {
      texts = { dayText: dayText.format(day), month: month.format(day), weekday: weekday.format(day) };
      days.set(day, texts);
    }
    if (item.allDay) return { item, day, ...texts, time: null, start: null };
    const at = startText(start);
    const text = item.endsAt === null ? at : range(item.startsAt, item.endsAt, start);
    return { item, day, ...texts, time: text, start: at };
  });
}

const MINUTE = 60_000;

/** The end of a date that ends on a later day: "Mon, Nov 2, 1:00 AM" (`Overnight`). */
export const ENDS_LATER: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * How a date that ends on a later day than it starts is written (decision 222): its start time as
 * every other date's, then its end with that day, "11:00 PM – Mon, Nov 2, 1:00 AM" (the page's
 * `events:overnight`, given `start` and `end`). `formatRange` wrote both ends with their dates,
 * "11/1/2026, 11:00 PM – 11/2/2026, 1:00 AM", at ~80 µs a date here (two `format`s: ~2 µs).
 */
export type Overnight = (start: string, end: string) => string;

/**
 * Texts of `viewerZone`'s hour-and-minute formatter, kept by wall clock. A time of day is written
 * as that wall clock read in UTC (same fields, no zone or date in them), so `start` writes
 * "6:00 PM" once per time of day from the `LocalDateTime` already read. `range`: "6:00 – 7:30 PM";
 * where the zone's offset is the same at both ends and they fall on one local date, the same
 * holds, so it is written once per range of times of day (`wallClockRange`); across a clock
 * change, the instants are formatted as they are; across midnight, `overnight` writes the start's
 * wall clock and the end's day and time.
 */
function wallClockTexts(viewerZone: string, locale: string, overnight: Overnight) {
  const time = timeFormat(viewerZone, locale);
  const endsLater = dateTimeFormat(locale, { ...ENDS_LATER, timeZone: viewerZone });
  const wallClock = timeFormat("UTC", locale);
  // The language's 1,440 times of day at most: kept for the isolate's (the tab's) life (decision 228).
  let starts = wallStarts.get(locale);
  if (!starts) {
    starts = [];
    wallStarts.set(locale, starts);
  }
  const startText = ({ hour, minute }: LocalDateTime) => {
    const key = hour * 60 + minute;
    let text = starts[key];
    if (text === undefined) {
      text = wallClock.format(key * MINUTE);
      starts[key] = text;
    }
    return text;
  };
  const range = (startsAt: number, endsAt: number, start: LocalDateTime) => {
    const end = utcToLocal(endsAt, viewerZone);
    const startWall = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute);
    const endWall = Date.UTC(end.year, end.month - 1, end.day, end.hour, end.minute);
    const floor = (utc: number) => Math.floor(utc / MINUTE) * MINUTE;
    const sameOffset = endWall - startWall === floor(endsAt) - floor(startsAt);
    const oneDate = end.day === start.day && end.month === start.month && end.year === start.year;
    if (endsAt >= startsAt && !oneDate) return overnight(startText(start), endsLater.format(endsAt));
    if (!sameOffset || !oneDate || endsAt < startsAt) return time.formatRange(startsAt, endsAt);
    const from = (start.hour * 60 + start.minute) * MINUTE + (startsAt - floor(startsAt));
    return wallClockRange(wallClock, locale, from, from + endsAt - startsAt);
  };
  return { start: startText, range };
}

/**
 * A range of times of day ("6:00 – 8:00 PM", ms from midnight), `wallClock`'s (`locale`'s UTC
 * hour-and-minute formatter), kept for the isolate's (or the tab's) life: it depends on nothing
 * but the language and the two times, and a district's events start and end at a few dozen times
 * of day, each `formatRange` ~80 µs here (decision 222; a month at scale 1 wrote 26 of them per
 * request, the demo data's 6). At most `WALL_RANGES_MAX`, then it starts again.
 */
function wallClockRange(wallClock: Intl.DateTimeFormat, locale: string, from: number, to: number) {
  const key = `${locale} ${from} ${to}`;
  let text = wallRanges.get(key);
  if (text === undefined) {
    if (wallRanges.size >= WALL_RANGES_MAX) wallRanges.clear();
    text = wallClock.formatRange(from, to);
    wallRanges.set(key, text);
  }
  return text;
}

const wallRanges = new Map<string, string>();
/** A time of day's text ("6:00 PM") by language, by minute of the day: `wallClockTexts`' `start`. */
const wallStarts = new Map<string, string[]>();
const WALL_RANGES_MAX = 5_000;

/** A full date and time line for the event page, in the viewer's zone with the zone's name. */
export function longWhen(item: Placeable, viewerZone: string, locale: string) {
  const zone = displayZone(item, viewerZone);
  const start = new Date(item.startsAt);
  if (item.allDay) {
    const day = dateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
    const last = item.endsAt === null ? start : new Date(item.endsAt - 86_400_000);
    return last.getTime() > start.getTime() ? day.formatRange(start, last) : day.format(start);
  }
  const format = dateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: zone });
  const text = item.endsAt === null ? format.format(start) : format.formatRange(start, new Date(item.endsAt));
  const zoneName =
    dateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(start)
      .find((part) => part.type === "timeZoneName")?.value ?? zone;
  return `${text} (${zoneName})`;
}

/** The hour-and-minute formatter of `viewerZone` (timed occurrences are read there). */
export const timeFormat = (viewerZone: string, locale: string) =>
  dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: viewerZone });
