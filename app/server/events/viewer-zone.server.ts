import { isValidTimeZone } from "~/lib/calendar/time-zone";

/**
 * The viewer's IANA zone from the `tz` cookie (set by ZoneSync), if any (decision 056). Pages
 * fall back to the zone of the events they show, which is their community's.
 */
export function cookieZone(request: Request): string | null {
  const match = /(?:^|;\s*)tz=([^;]+)/.exec(request.headers.get("Cookie") ?? "");
  if (!match) return null;
  let zone = "";
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isValidTimeZone(zone) ? zone : null;
}

export function viewerZone(request: Request, items: { timeZone: string }[]) {
  const fromCookie = cookieZone(request);
  return { zone: fromCookie ?? items[0]?.timeZone ?? "UTC", known: fromCookie !== null };
}
