import { CONTROL_CHARACTERS } from "~/lib/forms/plain-text";

/**
 * iCalendar (RFC 5545) output for the feed and the per-event download (decision 059). Each
 * occurrence is its own VEVENT in UTC (all-day ones as dates), so any client shows repeating
 * events at the right local time across DST without our VTIMEZONE data.
 */
export type IcalEvent = {
  uid: string;
  title: string;
  description: string;
  location: string | null;
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  url: string;
  updatedAt: number;
  /**
   * The subscriber's own answer for this date (decision 058): "going" shows as busy, anything
   * else as free, and "maybe" or the waiting list as tentative. Absent: nothing is said.
   */
  answer?: "going" | "maybe" | "not_going" | "waiting" | null;
};

function answerLines(answer: IcalEvent["answer"]): string[] {
  if (answer === undefined) return [];
  const lines = [`TRANSP:${answer === "going" ? "OPAQUE" : "TRANSPARENT"}`];
  if (answer === "maybe" || answer === "waiting") lines.push("STATUS:TENTATIVE");
  return lines;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line break as "\n",
 * and no other control character at all (the RFC allows none), so no stored text, however old,
 * can end a line early and add a property of its own.
 */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n")
    .replace(CONTROL_CHARACTERS, "");

const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const dateStamp = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildCalendar(name: string, events: IcalEvent[], now = Date.now()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//SchoolHub//Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push("BEGIN:VEVENT", `UID:${event.uid}`, `DTSTAMP:${utcStamp(now)}`);
    if (event.allDay) {
      lines.push(`DTSTART;VALUE=DATE:${dateStamp(event.startsAt)}`);
      lines.push(`DTEND;VALUE=DATE:${dateStamp(event.endsAt ?? event.startsAt + 86_400_000)}`);
    } else {
      lines.push(`DTSTART:${utcStamp(event.startsAt)}`);
      if (event.endsAt !== null) lines.push(`DTEND:${utcStamp(event.endsAt)}`);
    }
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    lines.push(...answerLines(event.answer));
    lines.push(`URL:${event.url}`, `LAST-MODIFIED:${utcStamp(event.updatedAt)}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
