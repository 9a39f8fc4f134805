import { dateTimeFormat } from "~/lib/date-format";
import { localDateKey } from "./time-zone";

/** What a list or grid needs to place and label an occurrence. */
export type Placeable = { startsAt: number; endsAt: number | null; allDay: boolean };

/** The zone an occurrence's date is read in: all-day dates float (decision 056). */
export const displayZone = (item: Placeable, viewerZone: string) => (item.allDay ? "UTC" : viewerZone);

/** The day (UTC-midnight key) an occurrence starts on, as the viewer sees it. */
export const dayOf = (item: Placeable, viewerZone: string) =>
  localDateKey(item.startsAt, displayZone(item, viewerZone));

/** "Mar", "8" and "6:00 PM – 7:30 PM" (or null for all-day) of an occurrence (SPEC §1 lists). */
export function agendaParts(item: Placeable, viewerZone: string, locale: string) {
  const zone = displayZone(item, viewerZone);
  const date = new Date(item.startsAt);
  const month = dateTimeFormat(locale, { month: "short", timeZone: zone }).format(date);
  const day = dateTimeFormat(locale, { day: "numeric", timeZone: zone }).format(date);
  const weekday = dateTimeFormat(locale, { weekday: "short", timeZone: zone }).format(date);
  if (item.allDay) return { month, day, weekday, time: null };
  const time = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone });
  const text = item.endsAt === null ? time.format(date) : time.formatRange(date, new Date(item.endsAt));
  return { month, day, weekday, time: text };
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
 * or null for all-day. A range that crosses midnight in the viewer's zone would carry both dates.
 */
export function startTime(item: Placeable, viewerZone: string, locale: string) {
  if (item.allDay) return null;
  const zone = displayZone(item, viewerZone);
  return dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date(item.startsAt));
}
