import { dateTimeFormat } from "~/lib/date-format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const isEnglish = (language: string | undefined) =>
  language === undefined || language === "en" || language.startsWith("en-");

/** English "medium" date in UTC, as Intl writes it: "Nov 23, 2026". */
function englishDate(date: Date) {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * English dates by arithmetic, not Intl (decision 096): the browser's first Intl.DateTimeFormat
 * loads its locale data, and that one construction profiled at 130–240 ms of /newsfeed's load
 * at 4x CPU, the largest single piece of its blocking time; a feed also formats sixty times
 * per render on the server. The same code on both sides also writes the same text, whatever
 * ICU each one carries. Other languages go to Intl.
 */
export function formatUtcDate(at: number, language: string | undefined) {
  if (isEnglish(language)) return englishDate(new Date(at));
  return dateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(at);
}

/** "Nov 23, 2026, 3:20 PM" (medium date, short time, UTC): when a post or comment was written. */
export function formatUtcDateTime(at: number, language: string | undefined) {
  if (!isEnglish(language)) {
    return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at);
  }
  const date = new Date(at);
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const clock = `${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${englishDate(date)}, ${clock}`;
}
