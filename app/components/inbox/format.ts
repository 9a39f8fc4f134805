import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * Dates in UTC, as content cards show them (post-card.tsx): the server and the browser then
 * render the same text, whatever zone the browser is in. Lists use the short form ("Nov 23"),
 * so a phone keeps room for the subject; the full date is in the element's title.
 */
export function useMailDate() {
  const { i18n } = useTranslation();
  const full = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const short = dateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  return Object.assign((at: number) => full.format(at), { short: (at: number) => short.format(at) });
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
