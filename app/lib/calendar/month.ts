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

/** Occurrences grouped by the day the viewer sees them start on, within the month. */
export function byDay<T extends Placeable>(items: T[], m: Month, zone: string): Map<number, T[]> {
  const { first, next } = monthKeys(m);
  const days = new Map<number, T[]>();
  for (const item of items) {
    const day = dayOf(item, zone);
    if (day < first || day >= next) continue;
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return days;
}
