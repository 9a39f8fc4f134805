import { describe, expect, it } from "vitest";
import { dayOf } from "./format";
import { inMonth, monthKeys } from "./month";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("inMonth (decision 217: only the month's edges read in the zone)", () => {
  it("keeps exactly the dates whose day, as the viewer sees it, is in the month, in their order", () => {
    const month = { year: 2026, month: 11 };
    const { first, next } = monthKeys(month);
    // The loader's range (a day either side), every 20 minutes and 7 seconds, timed and all-day.
    const items = [];
    for (let startsAt = first - DAY; startsAt < next + DAY; startsAt += 20 * 60_000 + 7_000)
      items.push({ id: items.length, startsAt, endsAt: null, allDay: false });
    for (let day = first - DAY; day < next + DAY; day += DAY)
      items.push({ id: items.length, startsAt: day, endsAt: day + DAY, allDay: true });
    for (const zone of [
      "UTC",
      "Pacific/Kiritimati",
      "Etc/GMT+12",
      "America/Chicago",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
    ]) {
      const expected = items.filter((item) => dayOf(item, zone) >= first && dayOf(item, zone) < next);
      expect(
        inMonth(items, month, zone).map((item) => item.id),
        zone,
      ).toEqual(expected.map((item) => item.id));
    }
  });
});
