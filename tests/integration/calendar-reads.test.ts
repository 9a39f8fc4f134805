import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type CalendarItem, calendarFor, itemsOf, toItems } from "~/server/events/calendar.server";
import { CANDIDATES_MAX, type EventRow, eventRowsSql, hitsCap, ownersFor } from "~/server/events/calendar-rows.server";
import { exceptionColumns } from "~/server/events/events.server";
import { FEED_EVENTS_MAX, FEED_PAST_DAYS, feedEvents } from "~/server/events/ical-feed.server";
import { sendDayBeforeReminders } from "~/server/events/reminders.server";
import { addMember, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";
import { browserFor } from "./settings-support";

/**
 * The iCalendar feed and the day-before reminders read the calendar's one statement (decisions
 * 196, 207), and a read that hits the statement's bound is read again, never shown in part.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.parse("2033-03-15T10:00:00Z");
const FROM = NOW - FEED_PAST_DAYS * DAY;
type NewEvent = typeof schema.events.$inferInsert;

async function viewerWithOwners() {
  const viewer = await createUser();
  const owner = await createUser();
  const mine = await makeCommunity(owner.id);
  const other = await makeCommunity(owner.id);
  await addMember(mine.id, viewer.id);
  const school = await createSchool();
  await getDb().insert(schema.schoolFollows).values({ userId: viewer.id, schoolId: school.id });
  return { viewer, mine, other, school };
}

async function insert(events: NewEvent[]) {
  const rows = [];
  for (let k = 0; k < events.length; k += 8)
    rows.push(
      ...(await getDb()
        .insert(schema.events)
        .values(events.slice(k, k + 8))
        .returning()),
    );
  return rows;
}

/** What expanding every live event of `ids`, with no index and no bound, gives in [from, to). */
async function expected(where: SQL, from: number, to: number, limit = Number.POSITIVE_INFINITY) {
  const all = await getDb().select().from(schema.events).where(where);
  const live = all
    .filter((row) => row.cancelledAt === null)
    .map((row) => ({ ...row, communityName: null, category: null }))
    .sort((a, b) => a.startsAt - b.startsAt || a.id - b.id)
    .slice(0, limit);
  const exceptions = await getDb()
    .select(exceptionColumns)
    .from(schema.eventExceptions)
    .where(
      inArray(
        schema.eventExceptions.eventId,
        getDb().select({ id: schema.events.id }).from(schema.events).where(where),
      ),
    );
  return toItems([live, exceptions], from, to);
}

const shown = (items: Pick<CalendarItem, "eventId" | "startsAt">[]) =>
  items.map((item) => `${item.eventId}@${item.startsAt}`);

describe("the iCalendar feed and the reminders read the calendar's statement (decision 207)", () => {
  it("give the dates expanding every event gives: series, moved and cancelled dates, the window's edges", {
    timeout: 60_000,
  }, async () => {
    const { viewer, mine, other, school } = await viewerWithOwners();
    const weekly = { recurrence: "weekly" as const, timeZone: "UTC" };
    const rows = await insert([
      { communityId: mine.id, title: "Weekly", startsAt: NOW - 200 * DAY, endsAt: NOW - 200 * DAY + HOUR, ...weekly },
      {
        communityId: mine.id,
        title: "Monthly",
        startsAt: NOW - 90 * DAY + 5 * HOUR,
        endsAt: NOW - 90 * DAY + 6 * HOUR,
        recurrence: "monthly",
        recurrenceUntil: NOW + 200 * DAY,
      },
      // The window's edges: ends at its first instant (not shown), ends just inside, starts at its end.
      { communityId: mine.id, title: "Ended", startsAt: FROM - HOUR, endsAt: FROM },
      { communityId: mine.id, title: "Just in", startsAt: FROM - 3 * DAY, endsAt: FROM + 1 },
      { communityId: mine.id, title: "Too late", startsAt: NOW + 365 * DAY, endsAt: NOW + 365 * DAY + HOUR },
      { communityId: null, schoolId: school.id, title: "School fair", startsAt: NOW + 2 * DAY, endsAt: NOW + 3 * DAY },
      { communityId: mine.id, title: "Called off", startsAt: NOW + DAY, endsAt: NOW + DAY + HOUR, cancelledAt: NOW },
      { communityId: other.id, title: "Not mine", startsAt: NOW + DAY, endsAt: NOW + DAY + HOUR },
      // A short series long over, one of whose dates was moved into the window.
      {
        communityId: mine.id,
        title: "Old series",
        startsAt: NOW - 300 * DAY,
        endsAt: NOW - 300 * DAY + HOUR,
        ...weekly,
        recurrenceUntil: NOW - 280 * DAY,
      },
    ]);
    const id = (title: string) => rows.find((row) => row.title === title)!.id;
    // The weekly series' first date after NOW (dates every 7 days from NOW - 200 days).
    const firstAhead = NOW - 200 * DAY + 7 * DAY * Math.ceil(200 / 7);
    await getDb()
      .insert(schema.eventExceptions)
      .values([
        // The next weekly date moved two hours later, the one after cancelled.
        {
          eventId: id("Weekly"),
          occurrenceStart: firstAhead,
          startsAt: firstAhead + 2 * HOUR,
          endsAt: firstAhead + 3 * HOUR,
        },
        { eventId: id("Weekly"), occurrenceStart: firstAhead + 7 * DAY, cancelled: true },
        {
          eventId: id("Old series"),
          occurrenceStart: NOW - 293 * DAY,
          startsAt: NOW + 4 * DAY,
          endsAt: NOW + 4 * DAY + HOUR,
        },
      ]);

    const to = NOW + 365 * DAY;
    const want = await expected(
      or(eq(schema.events.communityId, mine.id), eq(schema.events.schoolId, school.id))!,
      FROM,
      to,
    );
    const feed = await feedEvents(viewer.id, "https://school.example", NOW);
    expect(feed.map((event) => `${event.uid.match(/^event-(\d+)-/)![1]}@${event.startsAt}`)).toEqual(shown(want));
    const titles = new Set(feed.map((event) => event.title));
    for (const title of ["Weekly", "Monthly", "Just in", "School fair", "Old series"]) expect(titles).toContain(title);
    for (const title of ["Ended", "Too late", "Called off", "Not mine"]) expect(titles).not.toContain(title);
    expect(feed.filter((event) => event.startsAt === firstAhead + 2 * HOUR)).toHaveLength(1);
    expect(feed.some((event) => event.startsAt === firstAhead + 7 * DAY)).toBe(false);
    // Each date carries its event's description and last change, from the same statement.
    await getDb()
      .update(schema.events)
      .set({ description: "Bring a towel", updatedAt: NOW })
      .where(eq(schema.events.id, id("Weekly")));
    const again = await feedEvents(viewer.id, "https://school.example", NOW);
    expect(again.find((event) => event.title === "Weekly")).toMatchObject({
      description: "Bring a towel",
      updatedAt: NOW,
    });

    // The reminders: answers to a series' date, a moved date (at its new time) and a cancelled one.
    const going = (eventId: number, occurrenceStart: number) =>
      getDb()
        .insert(schema.eventRsvps)
        .values({ eventId, occurrenceStart, userId: viewer.id, status: "going", updatedAt: NOW });
    await going(id("Weekly"), firstAhead);
    await going(id("Weekly"), firstAhead + 7 * DAY);
    await going(id("Old series"), NOW - 293 * DAY);
    await going(id("Weekly"), firstAhead + 14 * DAY);
    expect(await sendDayBeforeReminders(firstAhead - 24 * HOUR)).toBe(0); // moved two hours later
    expect(await sendDayBeforeReminders(firstAhead + 2 * HOUR - 24 * HOUR)).toBe(1);
    expect(await sendDayBeforeReminders(firstAhead + 7 * DAY - 24 * HOUR)).toBe(0); // cancelled
    expect(await sendDayBeforeReminders(NOW + 3 * DAY)).toBe(1); // the old series' date moved in
    expect(await sendDayBeforeReminders(firstAhead + 13 * DAY)).toBe(1);
  });
});

describe("a calendar read that hits its bound (decision 207)", () => {
  it("is read again by start: the month shows the first events, the one the bound would lose included", {
    timeout: 120_000,
  }, async () => {
    const { viewer, mine } = await viewerWithOwners();
    const from = Date.parse("2033-03-01T00:00:00Z");
    const to = Date.parse("2033-04-01T00:00:00Z");
    // More one-hour events than the bound, then a three-day camp that starts before all of them:
    // read without an order, the day-long level's rows come first and fill the bound.
    const busy = CANDIDATES_MAX + 100;
    await getDb().run(sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${busy - 1})
      INSERT INTO events (community_id, title, starts_at, ends_at, time_zone)
      SELECT ${mine.id}, 'Busy ' || i, ${from + 2 * DAY} + i * 60000, ${from + 2 * DAY + HOUR} + i * 60000, 'UTC' FROM n`);
    const [camp] = await insert([
      { communityId: mine.id, title: "Spring camp", startsAt: from, endsAt: from + 3 * DAY, timeZone: "UTC" },
    ]);
    const first = await single(sqlRows<EventRow>(eventRowsSql(ownersFor(viewer.id), from, to)));
    // The statement's own read stops at its bound, and without the camp.
    expect(hitsCap(first)).toBe(true);
    expect(first.some((row) => row.id === camp!.id)).toBe(false);
    expect(itemsOf(first, from, to).some((item) => item.eventId === camp!.id)).toBe(false);

    const month = await calendarFor(viewer.id, from, to);
    expect(month).toHaveLength(500);
    expect(month[0]!.eventId).toBe(camp!.id);
    expect(shown(month)).toEqual(shown(await expected(eq(schema.events.communityId, mine.id), from, to, 500)));
    // The feed (up to FEED_EVENTS_MAX events) the same way.
    const feed = await feedEvents(viewer.id, "https://school.example", from + 10 * DAY);
    expect(feed).toHaveLength(FEED_EVENTS_MAX);
    expect(feed[0]!.title).toBe("Spring camp");
    // The month's page, in its loader's batch, the same, and it says that it shows the first 500.
    const browser = await browserFor(viewer);
    const page = await browser.get("/calendar?month=2033-03");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Spring camp");
    expect(html).toContain("Only the first 500 events of this month are shown.");
    const april = await (await browser.get("/calendar?month=2033-04")).text();
    expect(april).not.toContain("Only the first");
  });
});
