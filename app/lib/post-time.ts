import { dateTimeFormat } from "~/lib/date-format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * English "medium date, short time" in UTC, as Intl writes it ("Nov 23, 2026, 3:20 PM"), by
 * arithmetic: a feed shows sixty of these, and Intl's formatting profiled at a tenth of the
 * post tree's server render and as much of the browser's hydration (decision 096). The same
 * code in both places also writes the same text, whatever ICU each one carries.
 */
function formatEnglish(at: number) {
  const date = new Date(at);
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const clock = `${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${clock}`;
}

/** When a post or comment was written, as its card shows it (UTC, SPEC §3's timestamps). */
export function formatPostTime(at: number, language: string | undefined) {
  if (language === undefined || language === "en" || language.startsWith("en-")) return formatEnglish(at);
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at);
}
