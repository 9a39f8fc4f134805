import { describe, expect, it } from "vitest";
import { isValidTimeZone, localToUtc, parseDateInput, toInputs, utcToLocal, zoneOffset } from "./time-zone";

const NY = "America/New_York";
const at = (iso: string) => Date.parse(iso);

describe("time zones across daylight-saving changes", () => {
  it("converts wall-clock times on both sides of the spring change", () => {
    expect(localToUtc({ year: 2026, month: 3, day: 7, hour: 18, minute: 0 }, NY)).toBe(at("2026-03-07T23:00:00Z"));
    expect(localToUtc({ year: 2026, month: 3, day: 9, hour: 18, minute: 0 }, NY)).toBe(at("2026-03-09T22:00:00Z"));
  });

  it("moves a time that never happens forward by the gap (02:30 → 03:30)", () => {
    const utc = localToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY);
    expect(utc).toBe(at("2026-03-08T07:30:00Z"));
    expect(utcToLocal(utc, NY)).toMatchObject({ hour: 3, minute: 30 });
  });

  it("takes the first of a time that happens twice (clocks going back)", () => {
    expect(localToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY)).toBe(at("2026-11-01T05:30:00Z"));
    expect(localToUtc({ year: 2026, month: 11, day: 1, hour: 3, minute: 0 }, NY)).toBe(at("2026-11-01T08:00:00Z"));
  });

  it("knows the southern hemisphere and zones without DST", () => {
    expect(zoneOffset(at("2026-01-15T00:00:00Z"), "Australia/Sydney")).toBe(11 * 3_600_000);
    expect(zoneOffset(at("2026-07-15T00:00:00Z"), "Australia/Sydney")).toBe(10 * 3_600_000);
    expect(zoneOffset(at("2026-07-15T00:00:00Z"), "America/Phoenix")).toBe(-7 * 3_600_000);
    expect(localToUtc({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, "Australia/Sydney")).toBe(
      at("2026-04-04T15:30:00Z"),
    );
  });

  it("round-trips inputs and validates zones and dates", () => {
    expect(toInputs(at("2026-03-09T22:00:00Z"), NY)).toEqual({ date: "2026-03-09", time: "18:00" });
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(parseDateInput("2026-02-30")).toBeNull();
    expect(parseDateInput("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

/** The wall clock at `utc` in `zone` by Intl's parts, the long way `utcToLocal` is checked against. */
function byParts(utc: number, zone: string) {
  let format = byPartsFormats.get(zone);
  if (!format) {
    const date = { year: "numeric", month: "numeric", day: "numeric" } as const;
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      ...date,
      hour: "numeric",
      minute: "numeric",
    });
    byPartsFormats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(utc)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}
const byPartsFormats = new Map<string, Intl.DateTimeFormat>();

describe("utcToLocal reads the formatter's string as formatToParts would (decision 210)", () => {
  it("agrees with formatToParts in zones of every kind, through a year of instants", () => {
    const zones = [
      "UTC",
      NY,
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "America/St_Johns",
      "Pacific/Chatham",
      "Africa/Casablanca",
    ];
    const wrong: string[] = [];
    for (const zone of zones) {
      // Every 4 hours 13 minutes and 13 seconds through 2026: every hour of the day, both sides of each change.
      for (let utc = at("2026-01-01T00:00:00Z"); utc < at("2027-01-01T00:00:00Z"); utc += 15_193_000) {
        const expected = byParts(utc, zone);
        const got = utcToLocal(utc, zone);
        const same = (["year", "month", "day", "hour", "minute"] as const).every((key) => got[key] === expected[key]);
        if (!same) wrong.push(`${zone} ${new Date(utc).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("utcToLocal in UTC is Date's own UTC fields (decision 228)", () => {
  it("agrees with Intl at the edges: before 1970, the last millisecond of a minute, a year's and a leap day's ends", () => {
    const instants = [
      at("1969-12-31T23:59:59.999Z"),
      at("1900-03-01T00:00:00Z"),
      at("2026-12-31T23:59:59.999Z"),
      at("2027-01-01T00:00:00Z"),
      at("2028-02-29T23:59:30.500Z"),
      at("2026-03-08T10:00:59.999Z"),
      at("2099-07-04T12:34:56.789Z"),
    ];
    for (const utc of instants)
      expect(utcToLocal(utc, "UTC"), new Date(utc).toISOString()).toEqual(byParts(utc, "UTC"));
  });
});
