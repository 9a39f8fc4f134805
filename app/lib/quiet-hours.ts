/**
 * Quiet hours (issue 23 item 6, decision 137): minutes after local midnight in the person's zone.
 * A window that starts later than it ends wraps past midnight (21:00–07:00); equal ends mean none.
 */
export function localMinutes(now: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

export function isQuiet(now: number, zone: string, start: number, end: number): boolean {
  if (start === end) return false;
  const minutes = localMinutes(now, zone);
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}
