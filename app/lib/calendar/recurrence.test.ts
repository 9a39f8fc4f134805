import { describe, expect, it } from "vitest";
import { expandOccurrences, isOriginalStart, type Series } from "./recurrence";

const at = (iso: string) => Date.parse(iso);
const NY = "America/New_York";

const weekly: Series = {
  startsAt: at("2026-03-01T23:00:00Z"), // Sunday 18:00 EST
  endsAt: at("2026-03-02T00:30:00Z"),
  allDay: false,
  timeZone: NY,
  recurrence: "weekly",
  recurrenceUntil: at("2026-03-29T00:00:00Z"),
};

describe("recurrence expansion", () => {
  it("keeps the wall-clock time of a weekly event across the DST change", () => {
    const starts = expandOccurrences(weekly, [], at("2026-03-01T00:00:00Z"), at("2026-04-30T00:00:00Z")).map(
      (o) => o.startsAt,
    );
    expect(starts).toEqual([
      at("2026-03-01T23:00:00Z"),
      at("2026-03-08T22:00:00Z"),
      at("2026-03-15T22:00:00Z"),
      at("2026-03-22T22:00:00Z"),
      at("2026-03-29T22:00:00Z"),
    ]);
  });

  it("keeps each occurrence's length and returns only those overlapping the range", () => {
    const march8 = expandOccurrences(weekly, [], at("2026-03-08T00:00:00Z"), at("2026-03-09T00:00:00Z"));
    expect(march8).toEqual([
      {
        occurrenceStart: at("2026-03-08T22:00:00Z"),
        startsAt: at("2026-03-08T22:00:00Z"),
        endsAt: at("2026-03-08T23:30:00Z"),
        moved: false,
      },
    ]);
  });

  it("leaves out a cancelled occurrence and shows a moved one at its new time", () => {
    const exceptions = [
      { occurrenceStart: at("2026-03-08T22:00:00Z"), cancelled: true, startsAt: null, endsAt: null },
      {
        occurrenceStart: at("2026-03-15T22:00:00Z"),
        cancelled: false,
        startsAt: at("2026-03-17T22:00:00Z"),
        endsAt: at("2026-03-17T23:00:00Z"),
      },
    ];
    const result = expandOccurrences(weekly, exceptions, at("2026-03-01T00:00:00Z"), at("2026-03-20T00:00:00Z"));
    expect(result.map((o) => [o.startsAt, o.moved])).toEqual([
      [at("2026-03-01T23:00:00Z"), false],
      [at("2026-03-17T22:00:00Z"), true],
    ]);
  });

  it("repeats monthly on the same day, skipping months without it", () => {
    const series: Series = {
      startsAt: at("2026-01-31T17:00:00Z"),
      endsAt: null,
      allDay: false,
      timeZone: "UTC",
      recurrence: "monthly",
      recurrenceUntil: null,
    };
    const starts = expandOccurrences(series, [], at("2026-01-01T00:00:00Z"), at("2026-08-01T00:00:00Z")).map((o) =>
      new Date(o.startsAt).toISOString().slice(0, 10),
    );
    expect(starts).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]);
  });

  it("repeats all-day events on their dates whatever the zone's DST", () => {
    const series: Series = {
      startsAt: at("2026-10-26T00:00:00Z"),
      endsAt: at("2026-10-27T00:00:00Z"),
      allDay: true,
      timeZone: NY,
      recurrence: "weekly",
      recurrenceUntil: at("2026-11-09T00:00:00Z"),
    };
    const result = expandOccurrences(series, [], at("2026-10-01T00:00:00Z"), at("2026-12-01T00:00:00Z"));
    expect(result.map((o) => new Date(o.startsAt).toISOString())).toEqual([
      "2026-10-26T00:00:00.000Z",
      "2026-11-02T00:00:00.000Z",
      "2026-11-09T00:00:00.000Z",
    ]);
  });

  it("knows which starts belong to a series", () => {
    expect(isOriginalStart(weekly, at("2026-03-08T22:00:00Z"))).toBe(true);
    expect(isOriginalStart(weekly, at("2026-03-08T23:00:00Z"))).toBe(false);
    expect(isOriginalStart(weekly, at("2026-04-05T22:00:00Z"))).toBe(false);
  });
});
