import { dateTimeFormat } from "~/lib/date-format";
import { localDateKey } from "./time-zone";

/** What a list or grid needs to place and label an occurrence. */
export type Placeable = { startsAt: number; endsAt: number | null; allDay: boolean };

/** The zone an occurrence's date is read in: all-day dates float (decision 056). */
export const displayZone = (item: Placeable, viewerZone: string) => (item.allDay ? "UTC" : viewerZone);

/** The day (UTC-midnight key) an occurrence starts on, as the viewer sees it. */
export const dayOf = (item: Placeable, viewerZone: string) =>
  localDateKey(item.startsAt, displayZone(item, viewerZone));

/** An occurrence with what a list writes of its date: "8", "Mar", "Sun" and "6:00 PM – 7:30 PM" (null all day). */
export type DatedItem<T extends Placeable = Placeable> = {
  item: T;
  /** The day it starts on, as the viewer sees it (`dayOf`). */
  day: number;
  dayText: string;
  month: string;
  weekday: string;
  time: string | null;
};

/**
 * What the month's grid and agenda (and a list of upcoming dates) write of each occurrence's
 * date (SPEC §1 lists), worked out once a render for all of them (decision 205): a day's texts
 * once per day (its UTC-midnight key, read in UTC, is that day wherever the occurrence is read),
 * each formatter once per list rather than per date. At scale 1 a month draws ~130 dates.
 */
export function datedItems<T extends Placeable>(items: T[], viewerZone: string, locale: string): DatedItem<T>[] {
  const dayText = dateTimeFormat(locale, { day: "numeric", timeZone: "UTC" });
  const month = dateTimeFormat(locale, { month: "short", timeZone: "UTC" });
  const weekday = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const time = timeFormat(viewerZone, locale);
  const days = new Map<number, { dayText: string; month: string; weekday: string }>();
  return items.map((item) => {
    const day = dayOf(item, viewerZone);
    let texts = days.get(day);
    if (!texts) {
      texts = { dayText: dayText.format(day), month: month.format(day), weekday: weekday.format(day) };
      days.set(day, texts);
    }
    const text = item.allDay
      ? null
      : item.endsAt === null
        ? time.format(item.startsAt)
        : time.formatRange(item.startsAt, item.endsAt);
    return { item, day, ...texts, time: text };
  });
}

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

/**
 * "6:00 PM": when an occurrence starts, for the month grid's cell (which already says the day),
 * or null for all-day. `time` is the viewer zone's hour-and-minute formatter, made once per grid.
 */
export function startTime(item: Placeable, time: Intl.DateTimeFormat) {
  return item.allDay ? null : time.format(item.startsAt);
}

/** The hour-and-minute formatter of `viewerZone` (timed occurrences are read there). */
export const timeFormat = (viewerZone: string, locale: string) =>
  dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: viewerZone });
