import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { calendarFor } from "~/server/events/calendar.server";
import { createEvent } from "~/server/events/events.server";
import { sendDayBeforeReminders } from "~/server/events/reminders.server";
import { answerEvent } from "~/server/events/rsvp.server";
import {
  communityOfMany,
  communityWithPeople,
  cookieOf,
  eventForm,
  eventInput,
  eventOf,
  FIRST_START,
  notificationsOf,
  rsvpsOf,
  titlesOnce,
} from "./events-support";
import { createUser, fetchApp, postForm } from "./helpers";
import { createSchool } from "./schools-support";

// The machine running the suite is shared; the first request warms the Worker up.
vi.setConfig({ testTimeout: 30_000 });

async function get(path: string, cookie: string) {
  return fetchApp(path, { headers: { Cookie: cookie } });
}

describe("creating, editing and cancelling events", () => {
  it("lets a manager create a weekly event that members see on their calendar at the same local time across DST", async () => {
    const { community, manager, member } = await communityWithPeople();
    const cookie = await cookieOf(manager);
    const response = await postForm("/calendar/new", { ...eventForm, community: String(community.id) }, { cookie });
    expect(response.status).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const [event] = await getDb().select().from(schema.events).where(eq(schema.events.id, id));
    expect(event).toMatchObject({
      startsAt: Date.parse("2026-03-01T23:00:00Z"),
      timeZone: "America/New_York",
      recurrence: "weekly",
    });

    const items = await calendarFor(member.id, Date.parse("2026-03-01T00:00:00Z"), Date.parse("2026-04-01T00:00:00Z"));
    expect(items.filter((item) => item.eventId === id).map((item) => new Date(item.startsAt).toISOString())).toEqual([
      "2026-03-01T23:00:00.000Z",
      "2026-03-08T22:00:00.000Z",
      "2026-03-15T22:00:00.000Z",
      "2026-03-22T22:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
    ]);
    // Members are told; the manager who made it is not.
    expect(await titlesOnce(member.id, "New event")).toContain(`New event in ${community.name}: Choir practice`);
    expect(await notificationsOf(manager.id)).toEqual([]);

    const page = await (
      await get("/calendar?month=2026-03", `${await cookieOf(member)}; tz=America%2FNew_York`)
    ).text();
    // Five weekly dates, each drawn once: the grid and the agenda are one markup (decision 210).
    expect(page.match(/<bdi>Choir practice<\/bdi>/g)?.length).toBe(5);
    expect(page).toContain("6:00");
  });

  it("refuses members who are not managers, and pending managers", async () => {
    const { community, member } = await communityWithPeople();
    const response = await postForm(
      "/calendar/new",
      { ...eventForm, community: String(community.id) },
      { cookie: await cookieOf(member) },
    );
    expect(response.status).toBe(403);
    const pending = await createUser();
    await getDb()
      .insert(schema.communityMembers)
      .values({ communityId: community.id, userId: pending.id, role: "manager", status: "pending" });
    expect((await createEvent(pending, community.id, eventInput())).ok).toBe(false);
    expect((await get("/calendar/new", await cookieOf(member))).status).toBe(403);
  });

  it("re-renders the form with errors and what was typed", async () => {
    const { community, manager } = await communityWithPeople();
    const response = await postForm(
      "/calendar/new",
      { ...eventForm, community: String(community.id), title: "Late", startTime: "", endDate: "2026-02-01" },
      { cookie: await cookieOf(manager) },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid time.");
    expect(html).toContain('value="Late"');
  });

  it("cancels one date and moves another; cancelling the event asks first, then tells members", async () => {
    const { community, manager, member } = await communityWithPeople();
    const created = await createEvent(
      manager,
      community.id,
      eventInput({ recurrence: "weekly", recurrenceUntil: Date.parse("2026-03-29T00:00:00Z") }),
    );
    if (!created.ok) throw new Error("not created");
    const id = created.value;
    const cookie = await cookieOf(manager);
    const edit = `/calendar/events/${id}/edit`;
    const march8 = String(Date.parse("2026-03-08T22:00:00Z"));
    const ask = await postForm(edit, { intent: "cancelOccurrence", occurrence: march8 }, { cookie });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Are you sure you want to cancel the event on");
    const cancelled = await postForm(
      edit,
      { intent: "cancelOccurrence", occurrence: march8, confirmed: "1" },
      { cookie },
    );
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("X-D1-Round-Trips")).toBe("1"); // the check, the write and the series at once
    const moved = await postForm(
      edit,
      { intent: "move", occurrence: String(Date.parse("2026-03-15T22:00:00Z")), date: "2026-03-17", time: "19:00" },
      { cookie },
    );
    expect(moved.status).toBe(302);
    const bogus = await postForm(edit, { intent: "cancelOccurrence", occurrence: "12345", confirmed: "1" }, { cookie });
    expect(bogus.status).toBe(400);
    const items = await calendarFor(member.id, Date.parse("2026-03-01T00:00:00Z"), Date.parse("2026-04-01T00:00:00Z"));
    expect(items.filter((i) => i.eventId === id).map((i) => [new Date(i.startsAt).toISOString(), i.moved])).toEqual([
      ["2026-03-01T23:00:00.000Z", false],
      ["2026-03-17T23:00:00.000Z", true],
      ["2026-03-22T22:00:00.000Z", false],
      ["2026-03-29T22:00:00.000Z", false],
    ]);
    // A member cannot change dates.
    const memberCookie = await cookieOf(member);
    expect((await postForm(edit, { intent: "cancelEvent", confirmed: "1" }, { cookie: memberCookie })).status).toBe(
      403,
    );
    expect((await postForm(edit, { intent: "cancelEvent", confirmed: "1" }, { cookie })).status).toBe(302);
    expect(
      await calendarFor(member.id, Date.parse("2026-03-01T00:00:00Z"), Date.parse("2026-04-01T00:00:00Z")),
    ).toEqual([]);
    expect(await titlesOnce(member.id, "Event cancelled")).toContain("Event cancelled: Bake sale");
  });

  it("edits an event; members are told it changed", async () => {
    const { community, manager, member } = await communityWithPeople();
    const created = await createEvent(manager, community.id, eventInput());
    if (!created.ok) throw new Error("not created");
    const cookie = await cookieOf(manager);
    const form = await get(`/calendar/events/${created.value}/edit`, cookie);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('value="Bake sale"');
    expect((await get(`/calendar/events/${created.value}/edit.data`, cookie)).status).toBe(200);
    expect((await get(`/calendar/events/${created.value}/edit`, await cookieOf(member))).status).toBe(403);
    const response = await postForm(
      `/calendar/events/${created.value}/edit`,
      {
        ...eventForm,
        recurrence: "none",
        recurrenceUntil: "",
        title: "Bake sale (moved to Friday)",
        startDate: "2026-03-06",
      },
      { cookie },
    );
    expect(response.status).toBe(302);
    const html = await (await get(`/calendar/events/${created.value}`, cookie)).text();
    expect(html).toContain("Bake sale (moved to Friday)");
    expect(html).toContain(`href="/calendar/events/${created.value}/edit"`);
    expect(html).toContain(`href="/communities/${community.id}"`);
    // The "new event" notice's job reads the title when it runs, so it may say "(moved to Friday)" too: wait for this one.
    expect(await titlesOnce(member.id, "Event changed: Bake sale (moved to Friday)")).toContain(
      "Event changed: Bake sale (moved to Friday)",
    );
  });
});

describe("the month grid", () => {
  it("labels an occurrence with its start time only, even when it ends the next day in the viewer's zone; its line says that day", async () => {
    const { community, manager, member } = await communityWithPeople();
    // 18:00-19:30 in New York is 23:00-00:30 in UTC: a range across midnight there.
    await eventOf(manager.id, community.id, { title: "Late bake sale" });
    const html = await (await get("/calendar?month=2026-03", `${await cookieOf(member)}; tz=UTC`)).text();
    // The date's link, which is what the grid shows; the phone's line under it (hidden in the
    // grid, decision 210) says the same occurrence as a range, with dates.
    const link = /<a [^>]*class="month-event[^"]*"[^>]*>(?:(?!<\/a>).)*Late bake sale(?:(?!<\/a>).)*<\/a>/.exec(
      html,
    )?.[0];
    expect(link).toMatch(/<span>11:00 PM <\/span><bdi>Late bake sale<\/bdi><\/a>$/);
    expect(link).not.toContain("3/1/2026");
    // Its day, said once for the day's dates (decision 228): a screen reader hears it as the
    // link's description, and reaches the day by its heading.
    expect(link).toContain('aria-describedby="day-1"');
    expect(html).toContain('<h2 class="visually-hidden" id="day-1">Sun 1 Mar</h2>');
    // The phone's line: the start's time, then the end with its day (decision 222), not both dates in full.
    expect(html).toContain(">11:00 PM – Mon, Mar 2, 12:30 AM · ");
    expect(html).not.toContain("3/1/2026, 11:00 PM");
  });
});

describe("the viewer's zone on the calendar (decision 121)", () => {
  it("is the account's zone, whatever zone the browser's cookie says", async () => {
    const { community, manager, member } = await communityWithPeople();
    // 18:00 in New York on 1 March 2026 is 23:00 UTC and 00:00 (2 March) in Berlin.
    await eventOf(manager.id, community.id, { title: "Zone bake sale" });
    await getDb().update(schema.users).set({ timeZone: "Europe/Berlin" }).where(eq(schema.users.id, member.id));
    const cookie = `${await cookieOf(member)}; tz=${encodeURIComponent("America/Los_Angeles")}`;
    const html = await (await get("/calendar?month=2026-03", cookie)).text();
    expect(html).toMatch(/<span>12:00 AM <\/span><bdi>Zone bake sale<\/bdi>/);
  });
});

describe("all-day events", () => {
  it("stay on their dates across the autumn DST change, whatever the viewer's zone", async () => {
    const { community, manager, member } = await communityWithPeople();
    const response = await postForm(
      "/calendar/new",
      {
        community: String(community.id),
        title: "No school",
        allDay: "on",
        startDate: "2026-10-31",
        endDate: "2026-11-02",
        timeZone: "America/New_York",
      },
      { cookie: await cookieOf(manager) },
    );
    expect(response.status).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const [event] = await getDb().select().from(schema.events).where(eq(schema.events.id, id));
    expect(event).toMatchObject({
      allDay: true,
      startsAt: Date.parse("2026-10-31T00:00:00Z"),
      endsAt: Date.parse("2026-11-03T00:00:00Z"),
    });
    const tokyo = await (await get(`/calendar/events/${id}`, `${await cookieOf(member)}; tz=Asia%2FTokyo`)).text();
    expect(tokyo).toContain("Saturday, October 31");
    expect(tokyo).toContain("Monday, November 2, 2026");
  });
});

describe("who sees what", () => {
  it("shows events of communities at followed schools, and hides closed communities' events from strangers", async () => {
    const school = await createSchool();
    const { community, manager } = await communityWithPeople({ schoolId: school.id, joinPolicy: "request" });
    const start = Date.now() + 86_400_000;
    const created = await createEvent(manager, community.id, eventInput({ startsAt: start, endsAt: null }));
    if (!created.ok) throw new Error("not created");
    const stranger = await createUser();
    const cookie = await cookieOf(stranger);
    expect((await get(`/calendar/events/${created.value}`, cookie)).status).toBe(404);
    await postForm(`/schools/${school.id}`, { intent: "follow" }, { cookie });
    expect((await get(`/calendar/events/${created.value}`, cookie)).status).toBe(200);
    const items = await calendarFor(stranger.id, Date.now(), Date.now() + 3 * 86_400_000);
    expect(items.map((i) => i.eventId)).toContain(created.value);
    // The school page lists it among upcoming events.
    expect(await (await get(`/schools/${school.id}`, cookie)).text()).toContain("Bake sale");
    // Followers may look, but only members answer.
    const answer = await postForm(
      `/calendar/events/${created.value}`,
      { answer: "going", occurrence: String(start) },
      { cookie },
    );
    expect(answer.status).toBe(302);
    expect(await rsvpsOf(created.value)).toEqual([]);
  });
});

describe("answers, capacity and the waiting list", () => {
  it("is idempotent: answering twice keeps one answer", async () => {
    const { community, manager, member } = await communityWithPeople();
    const created = await createEvent(manager, community.id, eventInput());
    if (!created.ok) throw new Error("not created");
    const cookie = await cookieOf(member);
    for (let i = 0; i < 2; i++) {
      const answer = { answer: "going", occurrence: String(FIRST_START) };
      expect((await postForm(`/calendar/events/${created.value}`, answer, { cookie })).status).toBe(302);
    }
    expect((await rsvpsOf(created.value)).map((r) => [r.userId, r.status])).toEqual([[member.id, "going"]]);
    const html = await (await get(`/calendar/events/${created.value}`, cookie)).text();
    expect(html).toContain("1 going · 0 maybe · 0 not going");
    expect(html).toContain("Mel Member");
  });

  it("never goes over capacity under concurrent answers, and moves the first waiting member up with a notification", async () => {
    const { manager, people, community } = await communityOfMany(8);
    const id = await eventOf(manager.id, community.id, { capacity: 3 });
    const results = await Promise.all(people.map((p) => answerEvent(p, id, FIRST_START, "going")));
    const going = results.filter((r) => r.ok && r.status === "going").length;
    expect(going).toBe(3);
    const rows = await rsvpsOf(id);
    expect(rows.filter((r) => r.status === "going")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "waiting")).toHaveLength(5);

    const firstWaiting = rows
      .filter((r) => r.status === "waiting")
      .sort((a, b) => a.updatedAt - b.updatedAt || a.userId - b.userId)[0]!;
    const leaver = people.find((p) => rows.some((r) => r.userId === p.id && r.status === "going"))!;
    const response = await postForm(
      `/calendar/events/${id}`,
      { answer: "not_going", occurrence: String(FIRST_START) },
      { cookie: await cookieOf(leaver) },
    );
    expect(response.status).toBe(302);
    const after = await rsvpsOf(id);
    expect(
      after
        .filter((r) => r.status === "going")
        .map((r) => r.userId)
        .sort(),
    ).toContain(firstWaiting.userId);
    expect(after.filter((r) => r.status === "going")).toHaveLength(3);
    expect(await titlesOnce(firstWaiting.userId, "A place opened up")).toContain(
      "A place opened up: you are going to Bake sale on Sunday, March 1",
    );
  });

  it("fills new places from the waiting list when a manager raises the capacity", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    const created = await createEvent(manager, community.id, eventInput({ capacity: 1 }));
    if (!created.ok) throw new Error("not created");
    await answerEvent(member, created.value, FIRST_START, "going");
    expect(await answerEvent(other, created.value, FIRST_START, "going")).toMatchObject({
      ok: true,
      status: "waiting",
    });
    const response = await postForm(
      `/calendar/events/${created.value}/edit`,
      { ...eventForm, recurrence: "none", recurrenceUntil: "", capacity: "2" },
      { cookie: await cookieOf(manager) },
    );
    expect(response.status).toBe(302);
    expect((await rsvpsOf(created.value)).filter((r) => r.status === "going")).toHaveLength(2);
  });
});

describe("the day-before reminder", () => {
  it("reminds those going, once, a day before", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    const hour = 3_600_000;
    const run = Math.floor(Date.now() / hour) * hour + 5 * hour;
    const startsAt = run + 24 * hour + 30 * 60_000;
    const created = await createEvent(
      manager,
      community.id,
      eventInput({ title: "Field trip", startsAt, endsAt: null }),
    );
    if (!created.ok) throw new Error("not created");
    await answerEvent(member, created.value, startsAt, "going");
    await answerEvent(other, created.value, startsAt, "maybe");
    expect(await sendDayBeforeReminders(run - hour)).toBe(0);
    expect(await sendDayBeforeReminders(run)).toBe(1);
    expect(await sendDayBeforeReminders(run + 60_000)).toBe(0);
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain("Tomorrow: Field trip");
    expect((await notificationsOf(other.id)).map((n) => n.title)).not.toContain("Tomorrow: Field trip");
  });
});

describe("a community's page", () => {
  it("lists its upcoming events, in the page's one round trip, and offers managers a new event", async () => {
    const { community, manager, member } = await communityWithPeople({ joinPolicy: "request" });
    const soon = Date.now() + 3 * 86_400_000;
    const created = await createEvent(
      manager,
      community.id,
      eventInput({ title: "Spring concert", startsAt: soon, endsAt: soon + 3_600_000 }),
    );
    expect(created.ok).toBe(true);

    const asMember = await get(`/communities/${community.id}`, await cookieOf(member));
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get("X-D1-Round-Trips")).toBe("1"); // the shell's and the page's reads, joined (decision 104)
    const memberPage = await asMember.text();
    expect(memberPage).toContain("Spring concert");
    expect(memberPage).not.toContain(`/calendar/new?community=${community.id}`);

    const managerPage = await (await get(`/communities/${community.id}`, await cookieOf(manager))).text();
    expect(managerPage).toContain(`/calendar/new?community=${community.id}`);

    // A stranger to a by-request community sees its card, not its calendar.
    const stranger = await createUser({ name: "Sue Stranger" });
    const strangerPage = await (await get(`/communities/${community.id}`, await cookieOf(stranger))).text();
    expect(strangerPage).not.toContain("Spring concert");
  });
});
