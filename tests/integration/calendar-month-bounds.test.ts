import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { originalStarts } from "~/lib/calendar/recurrence";
import { getDb, schema } from "~/server/db/db.server";
import {
  type CalendarItem,
  calendarFor,
  toItems,
  UPCOMING_DAYS,
  UPCOMING_LIMIT,
  upcomingEvents,
} from "~/server/events/calendar.server";
import { exceptionColumns, seriesOf } from "~/server/events/events.server";
import { addMember, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";

/**
 * A calendar month reads its events by span level, each level one index range of their ends
 * (decision 191). These prove that no date goes missing at a month's edges: events long and
 * short that begin before the month and reach into it, the exact edge of the day-long level,
 * a weekly series begun a year ago, dates moved in, cancelled and restored events; and, over many
 * random events, the same dates as expanding every event of the community with no index at all.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MARCH = Date.parse("2026-03-01T00:00:00Z");
const APRIL = Date.parse("2026-04-01T00:00:00Z");
const at = (iso: string) => Date.parse(iso);
type NewEvent = typeof schema.events.$inferInsert;

async function viewerOfOneCommunity() {
  const viewer = await createUser();
  const owner = await createUser();
  const community = await makeCommunity(owner.id);
  await addMember(community.id, viewer.id);
  return { viewer, community };
}

async function insertEvents(communityId: number, events: (Partial<NewEvent> & { title: string })[]) {
  const rows = [];
  // A few at a time: D1 limits a statement's bound values.
  for (let k = 0; k < events.length; k += 8) {
    const values = events
      .slice(k, k + 8)
      .map((event) => ({ communityId, startsAt: MARCH, endsAt: MARCH + HOUR, timeZone: "UTC", ...event }));
    rows.push(...(await getDb().insert(schema.events).values(values).returning()));
  }
  return rows;
}

const shown = (items: CalendarItem[]) => items.map((item) => `${item.eventId}@${item.startsAt}`);

describe("a calendar month bounded on both sides (decision 191)", () => {
  it("shows every event that reaches into the month, whatever its span level, and nothing that does not", {
    timeout: 60_000,
  }, async () => {
    const { viewer, community } = await viewerOfOneCommunity();
    const school = await createSchool();
    await getDb().insert(schema.schoolFollows).values({ userId: viewer.id, schoolId: school.id });
    const rows = await insertEvents(community.id, [
      // A day at most: from the last evening of February into March; the last minute.
      { title: "Overnight", startsAt: MARCH - 30 * 60_000, endsAt: MARCH + 30 * 60_000 },
      { title: "Last minute", startsAt: APRIL - 60_000, endsAt: APRIL },
      // Spans of a day, a week, 64 and 512 days, ending just inside the month.
      { title: "Day, longest", startsAt: MARCH + 1 - DAY, endsAt: MARCH + 1 },
      { title: "Week, longest", startsAt: MARCH + 1 - 8 * DAY, endsAt: MARCH + 1 },
      { title: "Weeks, longest", startsAt: MARCH + 1 - 64 * DAY, endsAt: MARCH + 1 },
      { title: "Year, longest", startsAt: MARCH + 1 - 512 * DAY, endsAt: MARCH + 1 },
      // A day and a millisecond: the longer level; and two years.
      { title: "Day and a bit", startsAt: MARCH + 1 - DAY - 1, endsAt: MARCH + 1 },
      { title: "Two years", startsAt: MARCH + 1 - 700 * DAY, endsAt: MARCH + 1 },
      // A weekly series begun a year ago without end, and one that ends in the month.
      {
        title: "Weekly for ever",
        startsAt: at("2025-03-04T16:00:00Z"),
        endsAt: at("2025-03-04T17:00:00Z"),
        recurrence: "weekly",
      },
      {
        title: "Term",
        startsAt: at("2025-11-04T16:00:00Z"),
        endsAt: at("2025-11-04T17:00:00Z"),
        recurrence: "weekly",
        recurrenceUntil: at("2026-03-10T00:00:00Z"),
      },
      {
        title: "Monthly",
        startsAt: at("2024-06-15T09:00:00Z"),
        endsAt: at("2024-06-15T10:00:00Z"),
        recurrence: "monthly",
      },
      { title: "School fair", communityId: null, schoolId: school.id, startsAt: MARCH - 2 * DAY, endsAt: MARCH + DAY },
      // Not in March: ended as it began, began as it ended, a series over before it, cancelled.
      { title: "Ended at the start", startsAt: MARCH - HOUR, endsAt: MARCH },
      { title: "Begins at the end", startsAt: APRIL, endsAt: APRIL + HOUR },
      { title: "Long ago", startsAt: MARCH - 600 * DAY, endsAt: MARCH - 1 },
      {
        title: "Last term",
        startsAt: at("2025-09-02T16:00:00Z"),
        endsAt: at("2025-09-02T17:00:00Z"),
        recurrence: "weekly",
        recurrenceUntil: at("2026-02-24T00:00:00Z"),
      },
      { title: "Called off", startsAt: MARCH + 3 * DAY, endsAt: MARCH + 3 * DAY + HOUR, cancelledAt: MARCH },
    ]);
    const id = (title: string) => rows.find((row) => row.title === title)!.id;
    const titleOf = new Map(rows.map((row) => [row.id, row.title]));
    const items = await calendarFor(viewer.id, MARCH, APRIL);
    const count = (title: string) => items.filter((item) => item.eventId === id(title)).length;

    for (const title of ["Overnight", "Last minute", "Day, longest", "Week, longest", "Weeks, longest"])
      expect(count(title), title).toBe(1);
    for (const title of ["Year, longest", "Day and a bit", "Two years", "Monthly", "School fair"])
      expect(count(title), title).toBe(1);
    expect(count("Weekly for ever")).toBe(5); // The Tuesdays of March 2026: 3, 10, 17, 24, 31.
    expect(count("Term")).toBe(2); // 3 and 10 March, its last date.
    const hidden = ["Ended at the start", "Begins at the end", "Long ago", "Last term", "Called off"];
    expect(items.filter((item) => hidden.includes(titleOf.get(item.eventId) ?? ""))).toEqual([]);

    // Cancelled, it leaves every month; restored, it comes back (the level is the row's own).
    await getDb()
      .update(schema.events)
      .set({ cancelledAt: MARCH })
      .where(eq(schema.events.id, id("Weekly for ever")));
    expect(
      (await calendarFor(viewer.id, MARCH, APRIL)).filter((item) => item.eventId === id("Weekly for ever")),
    ).toEqual([]);
    await getDb()
      .update(schema.events)
      .set({ cancelledAt: null })
      .where(eq(schema.events.id, id("Called off")));
    expect(
      (await calendarFor(viewer.id, MARCH, APRIL)).filter((item) => item.eventId === id("Called off")),
    ).toHaveLength(1);
  });

  it("shows dates moved into the month from outside the series, a long moved date begun before it", {
    timeout: 60_000,
  }, async () => {
    const { viewer, community } = await viewerOfOneCommunity();
    const [earlier, later] = await insertEvents(community.id, [
      // A series that begins in May: its first date moved to the end of February, for 3 days.
      {
        title: "Starts in May",
        startsAt: at("2026-05-05T16:00:00Z"),
        endsAt: at("2026-05-05T17:00:00Z"),
        recurrence: "weekly",
        recurrenceUntil: at("2026-06-30T00:00:00Z"),
      },
      // A series over in January: its last date moved into March.
      {
        title: "Over in January",
        startsAt: at("2025-10-07T16:00:00Z"),
        endsAt: at("2025-10-07T17:00:00Z"),
        recurrence: "weekly",
        recurrenceUntil: at("2026-01-27T00:00:00Z"),
      },
    ]);
    await getDb()
      .insert(schema.eventExceptions)
      .values([
        {
          eventId: earlier!.id,
          occurrenceStart: at("2026-05-05T16:00:00Z"),
          cancelled: false,
          startsAt: MARCH - 2 * DAY,
          endsAt: MARCH + DAY,
        },
        {
          eventId: later!.id,
          occurrenceStart: at("2026-01-27T16:00:00Z"),
          cancelled: false,
          startsAt: APRIL - HOUR,
          endsAt: APRIL,
        },
      ]);
    const items = await calendarFor(viewer.id, MARCH, APRIL);
    expect(items.map(({ eventId, startsAt, moved }) => ({ eventId, startsAt, moved }))).toEqual([
      { eventId: earlier!.id, startsAt: MARCH - 2 * DAY, moved: true },
      { eventId: later!.id, startsAt: APRIL - HOUR, moved: true },
    ]);
  });

  it("gives, month after month, the dates (and the community page's next ones) that expanding every event gives", {
    timeout: 120_000,
  }, async () => {
    const { viewer, community } = await viewerOfOneCommunity();
    // A deterministic mix: spans from minutes to two years, series with and without an end,
    // some cancelled, over two years around the months checked.
    let seed = 191;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const spans = [30 * 60_000, 2 * HOUR, DAY, 3 * DAY, 8 * DAY, 20 * DAY, 64 * DAY, 200 * DAY, 512 * DAY, 700 * DAY];
    const base = at("2025-06-01T00:00:00Z");
    const events = Array.from({ length: 80 }, (_, i): Partial<NewEvent> & { title: string } => {
      const startsAt = base + Math.floor(next() * 700) * DAY + Math.floor(next() * 24) * HOUR;
      const kind = next();
      const recurrence = kind < 0.15 ? "weekly" : kind < 0.25 ? "monthly" : "none";
      return {
        title: `Random ${i}`,
        startsAt,
        endsAt: recurrence === "none" ? startsAt + spans[Math.floor(next() * spans.length)]! : startsAt + HOUR,
        recurrence,
        recurrenceUntil:
          recurrence !== "none" && next() < 0.6 ? Math.floor((startsAt + next() * 400 * DAY) / DAY) * DAY : null,
        cancelledAt: next() < 0.1 ? startsAt : null,
      };
    });
    const rows = await insertEvents(community.id, events);
    // Every fourth series has its fourth date moved 40 days later, for two days.
    const moved = rows.filter((row) => row.recurrence !== "none").filter((_, k) => k % 4 === 0);
    for (const row of moved) {
      const occurrenceStart = originalStarts(seriesOf(row), Number.POSITIVE_INFINITY)[3];
      if (occurrenceStart === undefined) continue;
      await getDb()
        .insert(schema.eventExceptions)
        .values({
          eventId: row.id,
          occurrenceStart,
          startsAt: row.startsAt + 40 * DAY,
          endsAt: row.startsAt + 42 * DAY,
        });
    }
    const ids = rows.map((row) => row.id);
    const all = await getDb().select().from(schema.events).where(inArray(schema.events.id, ids));
    const exceptions = await getDb()
      .select(exceptionColumns)
      .from(schema.eventExceptions)
      .where(inArray(schema.eventExceptions.eventId, ids));
    const live = all
      .filter((row) => row.cancelledAt === null)
      .map((row) => ({ ...row, communityName: null, category: null }));

    for (let month = 0; month < 24; month += 1) {
      const from = Date.UTC(2025, 5 + month, 1) - DAY;
      const to = Date.UTC(2025, 6 + month, 1) + DAY;
      const expected = toItems([live, exceptions], from, to);
      expect(shown(await calendarFor(viewer.id, from, to)), new Date(from + DAY).toISOString()).toEqual(
        shown(expected),
      );
      // The community page's next dates, from the same candidates.
      const now = from + 10 * DAY + 7 * HOUR;
      const soon = toItems([live, exceptions], now, now + UPCOMING_DAYS * DAY).slice(0, UPCOMING_LIMIT);
      expect(shown(await upcomingEvents({ communityId: community.id }, now))).toEqual(shown(soon));
    }
  });
});
