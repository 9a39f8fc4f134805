import { describe, expect, it } from "vitest";
import type { Translate } from "~/lib/translate";
import en from "~/locales/en/common.json";
import es from "~/locales/es/common.json";
import { clockFor } from "~/server/users/time-zone.server";

/**
 * The clock's words are translated once per language and kept for the isolate (decision 188):
 * each language keeps its own, and a text that was missing (i18next answers its key) is asked
 * for again instead of being kept.
 */
const translator =
  (texts: typeof en.time): Translate =>
  (key) =>
    texts[key.replace("common:time.", "") as keyof typeof en.time] ?? key;
/** A translator that counts its calls. */
function calls(t: Translate) {
  const counted = Object.assign(
    ((key, values) => {
      counted.count += 1;
      return t(key, values);
    }) as Translate,
    { count: 0 },
  );
  return counted;
}

describe("the clock's words (decision 121, 188)", () => {
  it("are the page language's, translated once per language", () => {
    const english = calls(translator(en.time));
    const spanish = calls(translator(es.time));
    const first = clockFor("UTC", "en-x-clock-test", english);
    const again = clockFor("UTC", "en-x-clock-test", english);
    const other = clockFor("UTC", "es-x-clock-test", spanish);
    expect(first.words).toEqual({ justNow: en.time.justNow, minutes: "{{n}} min", yesterday: en.time.yesterday });
    expect(again.words).toEqual(first.words);
    expect(english.count).toBe(3);
    expect(other.words.yesterday).toBe(es.time.yesterday);
    expect(spanish.count).toBe(3);
  });

  it("that were missing are asked for again, not kept", () => {
    const missing = calls((key) => key);
    expect(clockFor("UTC", "vi-x-clock-test", missing).words.justNow).toBe("common:time.justNow");
    const found = calls(translator(en.time));
    expect(clockFor("UTC", "vi-x-clock-test", found).words.justNow).toBe(en.time.justNow);
    expect(found.count).toBe(3);
  });
});
