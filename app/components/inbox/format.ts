import { useTranslation } from "react-i18next";

/**
 * Dates in UTC, as content cards show them (post-card.tsx): the server and the browser then
 * render the same text, whatever zone the browser is in.
 */
export function useMailDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (at: number) => format.format(at);
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
