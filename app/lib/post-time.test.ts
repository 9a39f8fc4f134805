import { describe, expect, it } from "vitest";
import { formatPostTime } from "./post-time";

describe("a post's time (decision 096)", () => {
  it("writes what Intl writes for English, for every hour and month", () => {
    const intl = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    // Intl may separate "PM" with a narrow no-break space, depending on its ICU.
    const plain = (text: string) => text.replace(/\u202f/g, " ");
    for (let month = 0; month < 12; month++) {
      for (let hour = 0; hour < 24; hour++) {
        const at = Date.UTC(2026, month, 1 + ((month * 7 + hour) % 28), hour, (hour * 13) % 60, 5);
        expect(formatPostTime(at, "en")).toBe(plain(intl.format(at)));
      }
    }
    expect(formatPostTime(Date.UTC(1999, 11, 31, 23, 9), undefined)).toBe("Dec 31, 1999, 11:09 PM");
  });

  it("leaves other languages to Intl", () => {
    const at = Date.UTC(2026, 10, 23, 15, 20);
    const intl = new Intl.DateTimeFormat("de", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    expect(formatPostTime(at, "de")).toBe(intl.format(at));
  });
});
