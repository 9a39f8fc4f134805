import { describe, expect, it, vi } from "vitest";
import { changeOccurrence, updateEvent } from "~/server/events/events.server";
import { sendDayBeforeReminders } from "~/server/events/reminders.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { apiTranslator } from "~/server/http/json.server";
import * as support from "./events-support";
import { fetchApp, postForm } from "./helpers";

const { communityOfMany, communityWithPeople, cookieOf, eventForm, eventInput, eventOf } = support;
const { FIRST_START, notificationsOf, rsvpsOf } = support;

// Answers per date (decision 058): capacity, the waiting list, moves, edits and reminders.
vi.setConfig({ testTimeout: 30_000 });

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Sundays at 18:00 in New York, across the March 8 DST change.
const MAR1 = FIRST_START;
const MAR8 = Date.parse("2026-03-08T22:00:00Z");
const MAR15 = Date.parse("2026-03-15T22:00:00Z");
const weekly = { recurrence: "weekly" as const, recurrenceUntil: Date.parse("2026-03-29T00:00:00Z") };

const titlesOf = async (userId: number) => (await notificationsOf(userId)).map((n) => n.title);
const ctx = () => ({ origin: "http://localhost", t: apiTranslator() });

function statusesOf(rows: { userId: number; status: string }[]) {
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return { going: count("going"), waiting: count("waiting") };
}

describe("answers per date", () => {
  it("keeps every date within its capacity when answers to several dates arrive at once", async () => {
    const { manager, people, community } = await communityOfMany(6);
    const id = await eventOf(manager.id, community.id, { ...weekly, capacity: 2 });
    await Promise.all(people.flatMap((p) => [MAR1, MAR8].map((date) => answerEvent(p, id, date, "going"))));
    expect(statusesOf(await rsvpsOf(id, MAR1))).toEqual({ going: 2, waiting: 4 });
    expect(statusesOf(await rsvpsOf(id, MAR8))).toEqual({ going: 2, waiting: 4 });

    // One person leaves March 1: March 1's first waiting person moves up, March 8 stays as it was.
    const before8 = await rsvpsOf(id, MAR8);
    const leaver = (await rsvpsOf(id, MAR1)).find((row) => row.status === "going")!;
    const firstWaiting = (await rsvpsOf(id, MAR1))
      .filter((row) => row.status === "waiting")
      .sort((a, b) => a.updatedAt - b.updatedAt || a.userId - b.userId)[0]!;
    const left = await answerEvent({ id: leaver.userId, tokenVersion: 0 }, id, MAR1, "not_going");
    expect(left).toEqual({
      ok: true,
      status: "not_going",
      promoted: [{ userId: firstWaiting.userId, occurrenceStart: MAR1 }],
    });
    expect(statusesOf(await rsvpsOf(id, MAR1))).toEqual({ going: 2, waiting: 3 });
    expect(await rsvpsOf(id, MAR8)).toEqual(before8);
  });

  it("changes only the date answered, and shows each date's own answers", async () => {
    const { id, cookie, answer } = await weeklyWithMember();
    const first = await answer(MAR1, "going");
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/calendar/events/${id}?on=${MAR1}`);
    // One D1 round trip for the answer, its capacity check and the waiting list.
    expect(first.headers.get("X-D1-Round-Trips")).toBe("1");
    const [going] = await rsvpsOf(id, MAR1);
    await answer(MAR8, "maybe");
    await answer(MAR1, "going");
    expect((await rsvpsOf(id, MAR1))[0]).toEqual(going); // answering again changes nothing
    await answer(MAR15, "not_going");
    const mine = await rsvpsOf(id);
    expect(mine.map((row) => [row.occurrenceStart, row.status]).sort()).toEqual([
      [MAR1, "going"],
      [MAR8, "maybe"],
      [MAR15, "not_going"],
    ]);

    const march1 = await fetchApp(`/calendar/events/${id}?on=${MAR1}`, { headers: { Cookie: cookie } });
    expect(march1.headers.get("X-D1-Round-Trips")).toBe("1"); // the shell's and the page's reads, joined (decision 104)
    const html1 = await march1.text();
    expect(html1).toContain("1 going · 0 maybe · 0 not going");
    expect(html1).toContain("Your answer: Going");
    expect(html1).toContain("Mel Member");
    expect(html1).toContain(`name="occurrence" value="${MAR1}"`);
    const html8 = await (await fetchApp(`/calendar/events/${id}?on=${MAR8}`, { headers: { Cookie: cookie } })).text();
    expect(html8).toContain("0 going · 1 maybe · 0 not going");
    expect(html8).toContain("Your answer: Maybe");
    expect(html8).toContain("Sunday, March 8, 2026");
  });

  it("keeps a moved date's answers, reminds at its new time and links to it", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    const run = Math.floor(Date.now() / HOUR) * HOUR + 5 * HOUR;
    const second = run + 48 * HOUR + 30 * 60_000; // the series' first date: two days after the run
    const id = await eventOf(manager.id, community.id, {
      title: "Swim meet",
      startsAt: second,
      endsAt: second + HOUR,
      timeZone: "UTC",
      ...weeklyFrom(),
    });
    expect(await answerEvent(member, id, second, "going")).toMatchObject({ ok: true, status: "going" });
    expect(await answerEvent(other, id, second + 7 * DAY, "going")).toMatchObject({ ok: true });
    // The manager moves that date a day earlier: into the window of tomorrow's reminders.
    const movedTo = second - 24 * HOUR;
    expect((await changeOccurrence(manager, id, second, { startsAt: movedTo, endsAt: movedTo + HOUR })).ok).toBe(true);
    expect((await rsvpsOf(id, second)).map((row) => [row.userId, row.status])).toEqual([[member.id, "going"]]);

    expect(await sendDayBeforeReminders(run + 24 * HOUR, ctx())).toBe(0); // its old time
    expect(await sendDayBeforeReminders(run, ctx())).toBe(1);
    // Reminders are sent by the run itself, not after a response.
    expect(await titlesOf(member.id)).toContain("Tomorrow: Swim meet");
    expect(await titlesOf(other.id)).not.toContain("Tomorrow: Swim meet");

    const page = await fetchApp(`/calendar/events/${id}`, { headers: { Cookie: await cookieOf(member) } });
    const html = await page.text();
    // Without ?on= the page is about the next date: the moved one, with its answers.
    expect(html).toContain("(moved)");
    expect(html).toContain("Your answer: Going");
    expect(html).toContain(`href="/calendar/events/${id}?on=${second + 7 * DAY}"`);
  });

  it("carries answers along when a manager moves the whole event", async () => {
    const { community, manager, member } = await communityWithPeople();
    const oneOff = await eventOf(manager.id, community.id);
    const series = await eventOf(manager.id, community.id, weekly);
    await answerEvent(member, oneOff, MAR1, "going");
    await answerEvent(member, series, MAR1, "going");
    await answerEvent(member, series, MAR8, "maybe");

    // The one-off moves to Friday through the form; the series an hour later, every date.
    const response = await postForm(
      `/calendar/events/${oneOff}/edit`,
      { ...eventForm, title: "Bake sale", recurrence: "none", recurrenceUntil: "", startDate: "2026-03-06" },
      { cookie: await cookieOf(manager) },
    );
    expect(response.status).toBe(302);
    const friday = Date.parse("2026-03-06T23:00:00Z");
    expect((await rsvpsOf(oneOff)).map((row) => [row.occurrenceStart, row.status])).toEqual([[friday, "going"]]);
    const later = await updateEvent(
      manager,
      series,
      eventInput({ ...weekly, startsAt: MAR1 + HOUR, endsAt: MAR1 + 2 * HOUR }),
    );
    expect(later.ok).toBe(true);
    expect((await rsvpsOf(series)).map((row) => [row.occurrenceStart, row.status]).sort()).toEqual([
      [MAR1 + HOUR, "going"],
      [MAR8 + HOUR, "maybe"],
    ]);
  });

  it("refuses dates that are not the event's, and cancelled dates", async () => {
    const { id, manager, member, cookie, answer } = await weeklyWithMember();
    expect((await answer(MAR1 + HOUR, "going")).status).toBe(400); // inside the series, but no date of it
    expect((await answer(MAR1 - 7 * DAY, "going")).status).toBe(302); // before it: refused with a notice
    expect((await postForm(`/calendar/events/${id}`, { answer: "going" }, { cookie })).status).toBe(400);
    expect((await changeOccurrence(manager, id, MAR8, null)).ok).toBe(true);
    expect(await answerEvent(member, id, MAR8, "going")).toEqual({ ok: false, reason: "forbidden" });
    expect(await rsvpsOf(id)).toEqual([]);
  });

  it("reminds those going to the date that is due, not those going to another", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    const run = Math.floor(Date.now() / HOUR) * HOUR + 5 * HOUR;
    const due = run + 24 * HOUR + 30 * 60_000;
    const id = await eventOf(manager.id, community.id, {
      title: "Practice",
      startsAt: due,
      endsAt: null,
      timeZone: "UTC",
      ...weeklyFrom(),
    });
    await answerEvent(member, id, due + 7 * DAY, "going");
    await answerEvent(other, id, due, "going");
    expect(await sendDayBeforeReminders(run, ctx())).toBe(1);
    expect(await titlesOf(other.id)).toContain("Tomorrow: Practice");
    expect(await titlesOf(member.id)).not.toContain("Tomorrow: Practice");
  });
});

/** A weekly event in March 2026 and a member who answers its dates through the page's form. */
async function weeklyWithMember() {
  const { community, manager, member } = await communityWithPeople();
  const id = await eventOf(manager.id, community.id, weekly);
  const cookie = await cookieOf(member);
  const answer = (date: number, value: string) =>
    postForm(`/calendar/events/${id}?on=${date}`, { answer: value, occurrence: String(date) }, { cookie });
  return { id, manager, member, cookie, answer };
}

/** Weekly with no end: the tests above place dates relative to now. */
function weeklyFrom() {
  return { recurrence: "weekly" as const, recurrenceUntil: null };
}
