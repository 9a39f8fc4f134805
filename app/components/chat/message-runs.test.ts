import { describe, expect, it } from "vitest";
import { zoneWindow } from "~/lib/zone-window";
import type { ShownMessage } from "~/server/chat/messages.server";
import { continuesRun, RUN_PAUSE_MS } from "./message-runs";
import { mergeMessages } from "./use-chat-messages";

const now = Date.UTC(2026, 10, 26, 18, 45);
const clockIn = (zone: string) => ({ zone, ...zoneWindow(zone, now) });
const MINUTE = 60_000;

let nextId = 1;
function message(senderId: number | null, createdAt: number): ShownMessage {
  const id = nextId++;
  return { id, senderId, createdAt, content: `m${id}`, clientMsgId: `c${id}` } as ShownMessage;
}

/** Where each run starts in a list, as the message list draws it (decision 229). */
const starts = (list: ShownMessage[], clock = clockIn("UTC")) =>
  list.map((m, i) => !continuesRun(list[i - 1], m, clock));

describe("a sender's run of messages (decision 229)", () => {
  it("goes on for one sender while each message follows the last within five minutes", () => {
    const t = Date.UTC(2026, 10, 26, 15, 0);
    const list = [
      message(1, t),
      message(1, t + MINUTE),
      message(1, t + MINUTE + RUN_PAUSE_MS - 1),
      // Five minutes to the millisecond: a pause, a new run.
      message(1, t + MINUTE + 2 * RUN_PAUSE_MS - 1),
      message(2, t + MINUTE + 2 * RUN_PAUSE_MS),
      message(1, t + MINUTE + 2 * RUN_PAUSE_MS + 1),
      // A deleted account's messages (no sender) never join one another.
      message(null, t + 20 * MINUTE),
      message(null, t + 20 * MINUTE + 1),
    ];
    expect(starts(list)).toEqual([true, false, false, true, true, true, true, true]);
  });

  it("starts again at midnight where the reader is: Los Angeles, +14 and −12", () => {
    // 11:58 PM and 12:01 AM in Los Angeles (PST, UTC−8): one day in UTC, two for the reader.
    const la = [message(1, Date.UTC(2026, 10, 26, 7, 58)), message(1, Date.UTC(2026, 10, 26, 8, 1))];
    expect(starts(la, clockIn("America/Los_Angeles"))).toEqual([true, true]);
    expect(starts(la, clockIn("UTC"))).toEqual([true, false]);
    // Kiritimati (UTC+14): midnight is 10:00 UTC.
    const kiritimati = [message(1, Date.UTC(2026, 10, 26, 9, 58)), message(1, Date.UTC(2026, 10, 26, 10, 1))];
    expect(starts(kiritimati, clockIn("Pacific/Kiritimati"))).toEqual([true, true]);
    expect(starts(kiritimati, clockIn("America/Los_Angeles"))).toEqual([true, false]);
    // UTC−12: midnight is 12:00 UTC.
    const minus12 = [message(1, Date.UTC(2026, 10, 26, 11, 58)), message(1, Date.UTC(2026, 10, 26, 12, 1))];
    expect(starts(minus12, clockIn("Etc/GMT+12"))).toEqual([true, true]);
    expect(starts(minus12, clockIn("UTC"))).toEqual([true, false]);
  });

  it("keeps one run across a change of the clocks that day", () => {
    const la = clockIn("America/Los_Angeles");
    // 8 Mar 2026: 1:58 AM PST, then 3:01 AM PDT, three minutes later.
    const spring = [message(1, Date.UTC(2026, 2, 8, 9, 58)), message(1, Date.UTC(2026, 2, 8, 10, 1))];
    expect(starts(spring, la)).toEqual([true, false]);
    // 1 Nov 2026: 1:58 AM PDT, then 1:01 AM PST, three minutes later.
    const autumn = [message(1, Date.UTC(2026, 10, 1, 8, 58)), message(1, Date.UTC(2026, 10, 1, 9, 1))];
    expect(starts(autumn, la)).toEqual([true, false]);
  });

  it("regroups as messages arrive, load above, or are deleted", () => {
    const t = Date.UTC(2026, 10, 26, 15, 0);
    const [a1, b1, a2] = [message(1, t), message(2, t + MINUTE), message(1, t + 2 * MINUTE)];
    let list = mergeMessages([], [a1!, b1!, a2!]);
    expect(starts(list)).toEqual([true, true, true]);
    // The other person's message deleted: the two around it are one run.
    list = mergeMessages(list, [{ ...b1!, disposition: 1 }]);
    expect(starts(list)).toEqual([true, false]);
    // One arriving live from the same sender joins it; from another starts its own.
    list = mergeMessages(list, [message(1, t + 3 * MINUTE), message(2, t + 4 * MINUTE)]);
    expect(starts(list)).toEqual([true, false, false, true]);
    // An earlier page loaded above: its last message begins the run the first one was in.
    list = mergeMessages(list, [message(1, t - 2 * MINUTE)]);
    expect(starts(list)).toEqual([true, false, false, false, true]);
  });
});
