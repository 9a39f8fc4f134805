// ical.js is a real iCalendar parser: what we write must read back as the same events.
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { buildCalendar, foldLine } from "~/lib/calendar/ical";
import { calendarFor } from "~/server/events/calendar.server";
import { createEvent } from "~/server/events/events.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { communityWithPeople, cookieOf, eventInput } from "./events-support";
import { fetchApp, postForm } from "./helpers";

vi.setConfig({ testTimeout: 30_000 });

type Parsed = {
  uid: string;
  summary: string;
  start: string;
  end: string | null;
  allDay: boolean;
  location: string | null;
  url: string | null;
  transp: string | null;
  status: string | null;
};

function readBack(text: string): Parsed[] {
  const component = new ICAL.Component(ICAL.parse(text));
  // biome-ignore lint/suspicious/noExplicitAny: ical.js types its components loosely.
  return component.getAllSubcomponents("vevent").map((vevent: any) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      end: event.endDate
        ? event.endDate.isDate
          ? event.endDate.toString()
          : event.endDate.toJSDate().toISOString()
        : null,
      allDay: event.startDate.isDate,
      location: event.location ?? null,
      url: vevent.getFirstPropertyValue("url") ?? null,
      transp: vevent.getFirstPropertyValue("transp") ?? null,
      status: vevent.getFirstPropertyValue("status") ?? null,
    };
  });
}

async function feedUrl(cookie: string) {
  const response = await postForm("/calendar/feed", { intent: "regenerate" }, { cookie });
  expect(response.status).toBe(200);
  const url = (await response.text()).match(/http:\/\/localhost(\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics)/)?.[1];
  expect(url).toBeTruthy();
  return url!;
}

describe("iCalendar output", () => {
  it("folds long lines at 75 octets and escapes text", () => {
    const long = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    const text = buildCalendar("X", [
      {
        uid: "a@b",
        title: "Meet; greet, and\nlearn",
        description: "",
        location: null,
        startsAt: 0,
        endsAt: null,
        allDay: false,
        url: "http://x",
        updatedAt: 0,
      },
    ]);
    expect(text).toContain("SUMMARY:Meet\\; greet\\, and\\nlearn\r\n");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("gives a subscriber the same events as the calendar, DST included, read back by ical.js", async () => {
    const { community, manager, member } = await communityWithPeople();
    // Forms give whole minutes; so does this.
    const soon = Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000;
    const weekly = await createEvent(
      manager,
      community.id,
      eventInput({
        title: "Choir, weekly",
        startsAt: soon,
        endsAt: soon + 3_600_000,
        recurrence: "weekly",
        recurrenceUntil: soon + 15 * 86_400_000,
      }),
    );
    const dayKey = Math.floor(soon / 86_400_000) * 86_400_000;
    const allDay = await createEvent(
      manager,
      community.id,
      eventInput({ title: "No school", allDay: true, startsAt: dayKey, endsAt: dayKey + 86_400_000 }),
    );
    if (!weekly.ok || !allDay.ok) throw new Error("not created");
    const cookie = await cookieOf(member);
    // Answers are per date (decision 058): going to the first, maybe for the second.
    const [first, second] = (await calendarFor(member.id, soon, soon + 30 * 86_400_000)).filter(
      (item) => item.eventId === weekly.value,
    );
    await answerEvent(member, weekly.value, first!.occurrenceStart, "going");
    await answerEvent(member, weekly.value, second!.occurrenceStart, "maybe");
    const url = await feedUrl(cookie);
    const response = await fetchApp(url);
    expect(response.headers.get("Content-Type")).toContain("text/calendar");
    const events = readBack(await response.text());
    const choir = events.filter((e) => e.summary === "Choir, weekly");
    // The same dates as the member's calendar shows (DST-shifted in UTC when a change falls between).
    const shown = await calendarFor(member.id, Date.now() - 86_400_000, Date.now() + 30 * 86_400_000);
    expect(choir.map((e) => e.start)).toEqual(
      shown.filter((item) => item.eventId === weekly.value).map((item) => new Date(item.startsAt).toISOString()),
    );
    expect(choir).toHaveLength(3);
    // Busy where going, free and tentative on "maybe", free without an answer; each links its date.
    expect(choir.map((e) => [e.transp, e.status])).toEqual([
      ["OPAQUE", null],
      ["TRANSPARENT", "TENTATIVE"],
      ["TRANSPARENT", null],
    ]);
    expect(choir[1]!.url).toBe(`http://localhost/calendar/events/${weekly.value}?on=${second!.occurrenceStart}`);
    expect(events.find((e) => e.summary === "No school")).toMatchObject({
      allDay: true,
      start: new Date(dayKey).toISOString().slice(0, 10),
    });
    const ics = await fetchApp(`/calendar/events/${weekly.value}/ics`, { headers: { Cookie: cookie } });
    expect(ics.headers.get("Content-Disposition")).toContain("attachment");
    expect(readBack(await ics.text()).map((e) => [e.summary, e.transp])).toEqual([
      ["Choir, weekly", "OPAQUE"],
      ["Choir, weekly", "TRANSPARENT"],
      ["Choir, weekly", "TRANSPARENT"],
    ]);
  });
});

describe("the private feed", () => {
  it("works until revoked or replaced, and never without its token", async () => {
    const { community, manager, member } = await communityWithPeople();
    await createEvent(
      manager,
      community.id,
      eventInput({ title: "Feedable", startsAt: Date.now() + 86_400_000, endsAt: null }),
    );
    const cookie = await cookieOf(member);
    const first = await feedUrl(cookie);
    const body = await (await fetchApp(first)).text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("SUMMARY:Feedable");
    const second = await feedUrl(cookie);
    expect((await fetchApp(first)).status).toBe(404);
    expect((await fetchApp(second)).status).toBe(200);
    const ask = await postForm("/calendar/feed", { intent: "revoke" }, { cookie });
    expect(await ask.text()).toContain("Are you sure you want to turn off your calendar address?");
    expect((await fetchApp(second)).status).toBe(200);
    expect((await postForm("/calendar/feed", { intent: "revoke", confirmed: "1" }, { cookie })).status).toBe(302);
    expect((await fetchApp(second)).status).toBe(404);
    expect((await fetchApp("/calendar/feed/not-a-token.ics")).status).toBe(404);
  });

  it("is offered in settings", async () => {
    const { member } = await communityWithPeople();
    const html = await (await fetchApp("/profile/settings", { headers: { Cookie: await cookieOf(member) } })).text();
    expect(html).toContain("Create a new calendar address");
  });
});
