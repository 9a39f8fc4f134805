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
