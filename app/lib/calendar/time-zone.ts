/**
 * Wall-clock time in an IANA zone ↔ UTC milliseconds, correct across daylight-saving changes
 * (decision 056). Pure: Intl only, so the server, the browser and the tests agree.
 */
export type LocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** "11/27/2026, 18:05:00": what the en-US formatter above writes (numbers only, 24-hour). */
const EN_US = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):\d+$/;

/**
 * The wall-clock time at `utc` in `zone`. From the formatter's string, read by a pattern: a
 * third of `formatToParts`' cost (its array of part objects), and the calendar month reads a
 * few hundred instants per render (decision 210). Any other shape goes the long way.
 */
export function utcToLocal(utc: number, zone: string): LocalDateTime {
  // UTC's offset is 0 at every instant, so its wall clock is Date's own UTC fields: no formatter.
  // All-day dates are read there (they float), and so is a viewer whose zone is not known yet
  // (decision 228). Intl writes a UTC instant the same (time-zone.test.ts compares them).
  if (zone === "UTC") {
    const date = new Date(utc);
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    };
  }
  const match = EN_US.exec(formatter(zone).format(utc));
  if (match) {
    return {
      year: Number(match[3]),
      month: Number(match[1]),
      day: Number(match[2]),
      hour: Number(match[4]),
      minute: Number(match[5]),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(utc))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** How far `zone` is ahead of UTC at the instant `utc`, in ms. */
export function zoneOffset(utc: number, zone: string): number {
  const floored = Math.floor(utc / 60_000) * 60_000;
  const local = utcToLocal(floored, zone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) - floored;
}

/**
 * The instant a wall-clock time happens in `zone`. A time that happens twice (clocks going
 * back) is its first occurrence; a time that never happens (clocks going forward) moves
 * forward by the gap, so 02:30 on a spring-forward night becomes 03:30.
 */
export function localToUtc(local: LocalDateTime, zone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = zoneOffset(wall - DAY, zone);
  const after = zoneOffset(wall + DAY, zone);
  const valid = [before, after].map((offset) => wall - offset).filter((utc) => wall - zoneOffset(utc, zone) === utc);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

/** UTC midnight of a calendar date: how all-day events store their dates (floating dates). */
export function dateKey(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

/** The calendar date of an instant in a zone, as its UTC-midnight key. */
export function localDateKey(utc: number, zone: string): number {
  const local = utcToLocal(utc, zone);
  return dateKey(local.year, local.month, local.day);
}

/** Parses "2026-03-08" and "14:30" as typed in date and time inputs. */
export function parseDateInput(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function parseTimeInput(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-08" and "14:30" of an instant in a zone, for date and time inputs. */
export function toInputs(utc: number, zone: string) {
  const l = utcToLocal(utc, zone);
  return { date: `${l.year}-${pad(l.month)}-${pad(l.day)}`, time: `${pad(l.hour)}:${pad(l.minute)}` };
}
