import { localToUtc, utcToLocal } from "./time-zone";

/**
 * Occurrences of an event series (decision 056). Weekly and monthly series repeat the first
 * occurrence's wall-clock time in the event's zone, so 18:00 stays 18:00 across DST changes.
 * All-day events carry UTC-midnight date keys and repeat in UTC (floating dates).
 */
export type Recurrence = "none" | "weekly" | "monthly";

export type Series = {
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  timeZone: string;
  recurrence: Recurrence;
  /** The last date (UTC-midnight key) an occurrence may start on; null: no end. */
  recurrenceUntil: number | null;
};

export type OccurrenceException = {
  /** The original start of the occurrence it changes. */
  occurrenceStart: number;
  cancelled: boolean;
  startsAt: number | null;
  endsAt: number | null;
};

export type Occurrence = {
  occurrenceStart: number;
  startsAt: number;
  endsAt: number | null;
  moved: boolean;
};

const DAY = 86_400_000;
/** A guard against runaway loops: ten years of weekly occurrences. */
const MAX_STEPS = 520;

/** The n-th original start of a series, or null when that month has no such day (the 31st). */
export function nthStart(series: Series, n: number): number | null {
  const zone = series.allDay ? "UTC" : series.timeZone;
  const first = utcToLocal(series.startsAt, zone);
  if (series.recurrence === "weekly") {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + 7 * n));
    return localToUtc(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: first.hour,
        minute: first.minute,
      },
      zone,
    );
  }
  const monthIndex = first.month - 1 + n;
  const year = first.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (first.day > daysInMonth) return null;
  return localToUtc({ year, month, day: first.day, hour: first.hour, minute: first.minute }, zone);
}

/** The original starts of a series, in order, from its first up to (not including) `until`. */
export function originalStarts(series: Series, until: number): number[] {
  if (series.recurrence === "none") return series.startsAt < until ? [series.startsAt] : [];
  const lastDay = series.recurrenceUntil === null ? Number.POSITIVE_INFINITY : series.recurrenceUntil + DAY;
  const zone = series.allDay ? "UTC" : series.timeZone;
  const starts: number[] = [];
  for (let n = 0; n < MAX_STEPS; n++) {
    const start = nthStart(series, n);
    if (start === null) continue;
    if (start >= until) break;
    const local = utcToLocal(start, zone);
    if (Date.UTC(local.year, local.month - 1, local.day) >= lastDay) break;
    starts.push(start);
  }
  return starts;
}

/** Whether `start` is one of the series' original starts (for exceptions sent by a form). */
export function isOriginalStart(series: Series, start: number): boolean {
  return originalStarts(series, start + 1).includes(start);
}

/** The date with this original start, at its new time if moved; null if there is none or it is cancelled. */
export function occurrenceAt(series: Series, exceptions: OccurrenceException[], start: number): Occurrence | null {
  if (!isOriginalStart(series, start)) return null;
  const exception = exceptions.find((row) => row.occurrenceStart === start);
  if (exception?.cancelled) return null;
  if (exception && exception.startsAt !== null) {
    return { occurrenceStart: start, startsAt: exception.startsAt, endsAt: exception.endsAt, moved: true };
  }
  const end = series.endsAt === null ? null : start + (series.endsAt - series.startsAt);
  return { occurrenceStart: start, startsAt: start, endsAt: end, moved: false };
}

const overlaps = (start: number, end: number | null, from: number, to: number) =>
  start < to && (end ?? start + 1) > from;

/** Occurrences that overlap [from, to), moved ones at their new time, cancelled ones left out. */
export function expandOccurrences(
  series: Series,
  exceptions: OccurrenceException[],
  from: number,
  to: number,
): Occurrence[] {
  const duration = series.endsAt === null ? null : series.endsAt - series.startsAt;
  const byStart = new Map(exceptions.map((exception) => [exception.occurrenceStart, exception]));
  const result: Occurrence[] = [];
  for (const start of originalStarts(series, to)) {
    const exception = byStart.get(start);
    if (exception) continue;
    const end = duration === null ? null : start + duration;
    if (overlaps(start, end, from, to))
      result.push({ occurrenceStart: start, startsAt: start, endsAt: end, moved: false });
  }
  for (const exception of exceptions) {
    if (exception.cancelled || exception.startsAt === null) continue;
    if (overlaps(exception.startsAt, exception.endsAt, from, to)) {
      result.push({
        occurrenceStart: exception.occurrenceStart,
        startsAt: exception.startsAt,
        endsAt: exception.endsAt,
        moved: true,
      });
    }
  }
  return result.sort((a, b) => a.startsAt - b.startsAt || a.occurrenceStart - b.occurrenceStart);
}
