import { describe, expect, it } from "vitest";
import { zoneOffset } from "./calendar/time-zone";
import { type Clock, formatFull, formatUtcDate, formatUtcDateTime, formatWhen, offsetMinutes } from "./date-format";
import { zoneWindow } from "./zone-window";

// Intl may separate "PM" with a narrow no-break space, depending on its ICU.
const plain = (text: string) => text.replace(/\u202f/g, " ");

describe("dates in UTC without Intl for English (decision 096)", () => {
  it("writes what Intl writes, for every hour and month", () => {
    const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    const date = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (let hour = 0; hour < 24; hour++) {
        const at = Date.UTC(2026, month, 1 + ((month * 7 + hour) % 28), hour, (hour * 13) % 60, 5);
        expect(formatUtcDateTime(at, "en")).toBe(plain(dateTime.format(at)));
        expect(formatUtcDate(at, "en")).toBe(date.format(at));
      }
    }
    expect(formatUtcDateTime(Date.UTC(1999, 11, 31, 23, 9), undefined)).toBe("Dec 31, 1999, 11:09 PM");
  });

  it("leaves other languages to Intl", () => {
    const at = Date.UTC(2026, 10, 23, 15, 20);
    const intl = new Intl.DateTimeFormat("de", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    expect(formatUtcDateTime(at, "de")).toBe(intl.format(at));
    expect(formatUtcDate(at, "de")).toBe(
      new Intl.DateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).format(at),
    );
  });
});

describe("times in the viewer's zone, by the zone's offsets (decision 121)", () => {
  const zone = "America/Los_Angeles";
  // Thursday 26 Nov 2026, 10:45 AM in Los Angeles (18:45 UTC).
  const now = Date.UTC(2026, 10, 26, 18, 45);
  const words = { justNow: "Just now", minutes: "{{n}} min", yesterday: "Yesterday {{time}}" };
  const clock: Clock = { zone, ...zoneWindow(zone, now), now, language: "en", words };
  const la = (month: number, day: number, hour: number, minute: number, year = 2026) =>
    // PST is UTC-8 from November to March, PDT UTC-7 otherwise (2026: Mar 8 – Nov 1).
    Date.UTC(year, month - 1, day, hour + (month > 3 && month < 11 ? 7 : 8), minute);

  it("agrees with Intl on the offset at every six hours of the window, across both changes a year", () => {
    for (let at = clock.from; at < clock.to; at += 6 * 3_600_000 + 7 * 60_000) {
      expect(offsetMinutes(clock, at)).toBe(zoneOffset(at, zone) / 60_000);
    }
    // Outside the window, Intl itself.
    const old = Date.UTC(2019, 6, 1);
    expect(offsetMinutes(clock, old)).toBe(-7 * 60);
  });

  it("reads the last hour relatively, then the local clock, the weekday, the date", () => {
    expect(formatWhen(now - 20_000, clock)).toBe("Just now");
    expect(formatWhen(now - 5 * 60_000, clock)).toBe("5 min");
    expect(formatWhen(la(11, 26, 8, 5), clock)).toBe("8:05 AM");
    // 12:30 AM local today is 08:30 UTC, and 11:50 PM yesterday is 07:50 UTC today.
    expect(formatWhen(la(11, 26, 0, 30), clock)).toBe("12:30 AM");
    expect(formatWhen(la(11, 25, 23, 50), clock)).toBe("Yesterday 11:50 PM");
    expect(formatWhen(la(11, 25, 15, 20), clock)).toBe("Yesterday 3:20 PM");
    expect(formatWhen(la(11, 23, 9, 0), clock)).toBe("Mon 9:00 AM");
    expect(formatWhen(la(11, 18, 15, 20), clock)).toBe("Nov 18");
    expect(formatWhen(la(7, 4, 12, 0), clock)).toBe("Jul 4");
    expect(formatWhen(la(12, 31, 23, 0, 2025), clock)).toBe("Dec 31, 2025");
  });

  it("writes the full local time as Intl does", () => {
    const intl = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    for (let at = now - 400 * 86_400_000; at < now; at += 86_400_000 + 3_600_000 * 5 + 60_000 * 13) {
      expect(formatFull(at, clock)).toBe(plain(intl.format(at)));
    }
  });
});
