import { zoneOffset } from "~/lib/calendar/time-zone";

/**
 * Intl.DateTimeFormat, made once per locale and options. Building a formatter costs far more than
 * using one (it profiled at a tenth of /newsfeed's render when every post card built its own), and
 * the calendar formats hundreds of dates per page on slow devices.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A date in UTC, English by arithmetic, not Intl (decision 096): the browser's first
 * Intl.DateTimeFormat loads its locale data, and that one construction profiled at 130–240 ms
 * of /newsfeed's load at 4x CPU, the largest single piece of its blocking time; a feed also
 * formats sixty times per render on the server. The same code on both sides also writes the
 * same text, whatever ICU each one carries. Other languages go to Intl.
 */
function formatUtc(at: number, language: string | undefined, withTime: boolean) {
  if (language && language !== "en" && !language.startsWith("en-")) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };
    if (withTime) options.timeStyle = "short";
    return dateTimeFormat(language, options).format(at);
  }
  const date = new Date(at);
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  if (!withTime) return day;
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  return `${day}, ${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Nov 23, 2026": Intl's medium date in UTC. */
export const formatUtcDate = (at: number, language: string | undefined) => formatUtc(at, language, false);

/** "Nov 23, 2026, 3:20 PM" (medium date, short time, UTC): when a post or comment was written. */
export const formatUtcDateTime = (at: number, language: string | undefined) => formatUtc(at, language, true);

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * What every time on a page is written with (decision 121): the viewer's zone as its UTC offsets
 * over a window (`changes` is `[fromUtcMs, offsetMinutes, …]`, ascending, the first applying from
 * `from`), the instant the server rendered at, the language and the few words the text needs,
 * translated by the server. The root loader makes one per request; the browser gets the same
 * one, so hydration writes exactly what the server wrote, without Intl (decision 096).
 */
export type Clock = {
  zone: string;
  from: number;
  to: number;
  changes: number[];
  now: number;
  language: string;
  /** "Just now", "{{n}} min", "Yesterday {{time}}". */
  words: { justNow: string; minutes: string; yesterday: string };
};

/** The zone's offset at `at`, in minutes: from the table inside its window, else from Intl. */
export function offsetMinutes(clock: Pick<Clock, "zone" | "from" | "to" | "changes">, at: number) {
  if (at < clock.from || at >= clock.to) return zoneOffset(at, clock.zone) / MINUTE;
  let offset = clock.changes[1] ?? 0;
  for (let i = 2; i < clock.changes.length && clock.changes[i]! <= at; i += 2) offset = clock.changes[i + 1]!;
  return offset;
}

/**
 * After hydration the browser's own clock is "now": a page opened by a client navigation, or a
 * message that arrives live, reads relative to the present. Until then (and always on the server)
 * the clock's `now`, so the first render in the browser is the server's, to the letter.
 */
let hydrated = false;
export function markHydrated() {
  hydrated = true;
}

function clockTime(local: Date, language: string, clock: Clock, at: number) {
  if (!isEnglish(language)) {
    return dateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: clock.zone }).format(at);
  }
  const hours = local.getUTCHours();
  const minutes = local.getUTCMinutes();
  return `${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

const isEnglish = (language: string) => language === "en" || language.startsWith("en-");

/**
 * When something was written, as the viewer reads it (decision 121): "Just now", "5 min", "3:20 PM"
 * today, "Yesterday 3:20 PM", "Tue 3:20 PM" within the week, then a date ("Nov 18", or
 * "Nov 18, 2025" in another year). English by arithmetic on the zone's offsets; other languages
 * through Intl in the viewer's zone.
 */
export function formatWhen(at: number, clock: Clock) {
  const now = hydrated ? Date.now() : clock.now;
  const ago = now - at;
  if (ago > -MINUTE && ago < MINUTE) return clock.words.justNow;
  if (ago > 0 && ago < HOUR) return clock.words.minutes.replace("{{n}}", String(Math.floor(ago / MINUTE)));
  const local = new Date(at + offsetMinutes(clock, at) * MINUTE);
  const localNow = new Date(now + offsetMinutes(clock, now) * MINUTE);
  const days = Math.floor(localNow.getTime() / DAY) - Math.floor(local.getTime() / DAY);
  const language = clock.language;
  if (days === 0) return clockTime(local, language, clock, at);
  if (days === 1) return clock.words.yesterday.replace("{{time}}", clockTime(local, language, clock, at));
  if (days > 1 && days < 7) {
    const weekday = isEnglish(language)
      ? WEEKDAYS[local.getUTCDay()]
      : dateTimeFormat(language, { weekday: "short", timeZone: clock.zone }).format(at);
    return `${weekday} ${clockTime(local, language, clock, at)}`;
  }
  const sameYear = local.getUTCFullYear() === localNow.getUTCFullYear();
  if (!isEnglish(language)) {
    const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", timeZone: clock.zone };
    if (!sameYear) options.year = "numeric";
    return dateTimeFormat(language, options).format(at);
  }
  const day = `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}`;
  return sameYear ? day : `${day}, ${local.getUTCFullYear()}`;
}

/** The day `at` falls on in the viewer's zone, as a count of days: equal for two instants of one local day. */
export function localDayOf(at: number, clock: Pick<Clock, "zone" | "from" | "to" | "changes">) {
  return Math.floor((at + offsetMinutes(clock, at) * MINUTE) / DAY);
}

/** "8:12 AM": the time of day in the viewer's zone. */
export function formatTimeOfDay(at: number, clock: Clock) {
  return clockTime(new Date(at + offsetMinutes(clock, at) * MINUTE), clock.language, clock, at);
}

/** "Nov 18, 2026, 3:20 PM": the exact local time, for a time's tooltip. */
export function formatFull(at: number, clock: Clock) {
  if (!isEnglish(clock.language)) {
    return dateTimeFormat(clock.language, { dateStyle: "medium", timeStyle: "short", timeZone: clock.zone }).format(at);
  }
  const local = new Date(at + offsetMinutes(clock, at) * MINUTE);
  return `${formatDay(at, clock)}, ${clockTime(local, clock.language, clock, at)}`;
}

/** "Nov 18, 2026": a calendar date in the viewer's zone (member since, friends since). */
export function formatDay(at: number, clock: Clock) {
  if (!isEnglish(clock.language)) {
    return dateTimeFormat(clock.language, { dateStyle: "medium", timeZone: clock.zone }).format(at);
  }
  const local = new Date(at + offsetMinutes(clock, at) * MINUTE);
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}
