import { dayOf, type Placeable } from "./format";

/** A month of the calendar (decision 057): "2026-03" in the URL, weeks from Sunday in the grid. */
export type Month = { year: number; month: number };

const DAY = 86_400_000;

export function parseMonth(value: string | null): Month | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1970 && year <= 9999 && month >= 1 && month <= 12 ? { year, month } : null;
}

export const formatMonth = ({ year, month }: Month) => `${year}-${String(month).padStart(2, "0")}`;

export function addMonths({ year, month }: Month, n: number): Month {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** UTC-midnight keys of the first day of the month and of the next month. */
export function monthKeys(m: Month) {
  return { first: Date.UTC(m.year, m.month - 1, 1), next: Date.UTC(m.year, m.month, 1) };
}

/** Weeks (Sunday first) covering the month, as UTC-midnight day keys, with the days around it. */
export function monthWeeks(m: Month): number[][] {
  const { first, next } = monthKeys(m);
  const start = first - new Date(first).getUTCDay() * DAY;
  const weeks: number[][] = [];
  for (let week = start; week < next; week += 7 * DAY) {
    weeks.push(Array.from({ length: 7 }, (_, i) => week + i * DAY));
  }
  return weeks;
}

/**
 * No zone is ever more than this far from UTC (today ±14 h; local mean times before 1900 reached
 * ±15:56): an instant this far inside a month's UTC bounds is in that month in every zone.
 */
const FARTHEST_OFFSET = 16 * 3_600_000;

/**
 * The occurrences that start within the month as the viewer sees it (`dayOf`), in their order.
 * Only those within a zone's reach of the month's edges are read in the zone: the rest are in it
 * wherever it is read (decision 217), and reading an instant in a zone is an `Intl` call.
 */
export function inMonth<T extends Placeable>(items: T[], m: Month, zone: string): T[] {
  const { first, next } = monthKeys(m);
  return items.filter((item) => {
    if (item.startsAt >= first + FARTHEST_OFFSET && item.startsAt < next - FARTHEST_OFFSET) return true;
    const day = dayOf(item, zone);
    return day >= first && day < next;
  });
}
