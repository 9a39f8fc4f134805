import { zoneOffset } from "~/lib/calendar/time-zone";

const MINUTE = 60_000;
const DAY = 86_400_000;
const BACK = 2 * 366 * DAY;
const AHEAD = 60 * DAY;
const STEP = 7 * DAY;

export type ZoneWindow = { from: number; to: number; changes: number[] };
const windows = new Map<string, ZoneWindow>();

/**
 * A zone's offsets from two years back to two months ahead, as `[fromUtc, offsetMinutes, …]`:
 * sampled weekly (no zone changes its offset twice in a week), each change found to the minute.
 * Made once per zone and isolate; remade when "now" nears the window's end.
 */
export function zoneWindow(zone: string, now: number): ZoneWindow {
  const cached = windows.get(zone);
  if (cached && cached.from <= now - BACK + 30 * DAY && now + 30 * DAY <= cached.to) return cached;
  const from = Math.floor((now - BACK) / DAY) * DAY;
  const to = from + BACK + AHEAD;
  const offsetAt = (at: number) => zoneOffset(at, zone) / MINUTE;
  let previous = offsetAt(from);
  const changes = [from, previous];
  for (let at = from + STEP; at < to + STEP; at += STEP) {
    const sample = Math.min(at, to - MINUTE);
    const offset = offsetAt(sample);
    if (offset !== previous) {
      // The first minute with the new offset, between the last two samples.
      let low = sample - STEP;
      let high = sample;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (offsetAt(middle) === previous) low = middle;
        else high = middle;
      }
      changes.push(high, offset);
      previous = offset;
    }
  }
  const window = { from, to, changes };
  windows.set(zone, window);
  return window;
}
