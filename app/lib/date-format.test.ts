import { describe, expect, it } from "vitest";
import { formatUtcDate, formatUtcDateTime } from "./date-format";

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
