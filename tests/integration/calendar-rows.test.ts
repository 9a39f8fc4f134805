import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { addMember, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";
import { browserFor } from "./settings-support";

/**
 * The calendar month reads its events, their exceptions and their communities' names in one
 * statement (decision 196). Its rows read grow by about one per event the month shows, and not at
 * all with the events the month does not show: other communities', other months', cancelled.
 * `calendar-month-bounds.test.ts` proves the dates; `query-plans.test.ts` the plans.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MARCH = Date.parse("2031-03-01T00:00:00Z");
type NewEvent = typeof schema.events.$inferInsert;

async function insertEvents(events: NewEvent[]) {
  // A few at a time: D1 limits a statement's bound values.
  for (let k = 0; k < events.length; k += 8)
    await getDb()
      .insert(schema.events)
      .values(events.slice(k, k + 8));
}

const oneHour = (communityId: number | null, startsAt: number, title: string): NewEvent => ({
  communityId,
  title,
  startsAt,
  endsAt: startsAt + HOUR,
  timeZone: "UTC",
});

describe("a calendar month's rows read (decision 196)", () => {
  it("grow by about one per event shown, and not with the district's other events", { timeout: 90_000 }, async () => {
    const viewer = await createUser();
    const owner = await createUser();
    const mine = await makeCommunity(owner.id);
    const other = await makeCommunity(owner.id);
    await addMember(mine.id, viewer.id);
    await getDb()
      .insert(schema.schoolFollows)
      .values({ userId: viewer.id, schoolId: (await createSchool()).id });
    const browser = await browserFor(viewer);
    const month = async () => {
      const response = await browser.get("/calendar?month=2031-03");
      expect(response.status).toBe(200);
      const html = await response.text();
      return { rows: Number(response.headers.get("X-D1-Rows-Read")), html };
    };

    await insertEvents(Array.from({ length: 5 }, (_, i) => oneHour(mine.id, MARCH + i * DAY + 9 * HOUR, `First ${i}`)));
    const five = await month();
    expect(five.html).toContain("First 4");

    // Forty more in the month: about one row each.
    await insertEvents(
      Array.from({ length: 40 }, (_, i) => oneHour(mine.id, MARCH + (i % 28) * DAY + 15 * HOUR, `More ${i}`)),
    );
    const fortyFive = await month();
    expect(fortyFive.html).toContain("More 39");
    expect(fortyFive.rows - five.rows).toBeGreaterThanOrEqual(40);
    expect(fortyFive.rows - five.rows).toBeLessThanOrEqual(44);

    // What the month does not show costs nothing: another community's events in March, the
    // viewer's community's events in other months, and cancelled ones.
    await insertEvents([
      ...Array.from({ length: 40 }, (_, i) => oneHour(other.id, MARCH + (i % 28) * DAY + 10 * HOUR, `Theirs ${i}`)),
      ...Array.from({ length: 40 }, (_, i) => oneHour(mine.id, MARCH + (40 + i) * DAY, `Later ${i}`)),
      ...Array.from({ length: 40 }, (_, i) => oneHour(mine.id, MARCH - (40 + i) * DAY, `Earlier ${i}`)),
      ...Array.from({ length: 8 }, (_, i) => ({
        ...oneHour(mine.id, MARCH + i * DAY + 11 * HOUR, `Called off ${i}`),
        cancelledAt: MARCH,
      })),
    ]);
    const after = await month();
    // 128 rows more in the tables, at most one more row read per index search (each level's range
    // of the community now stops at a later row of its own instead of the next community's).
    expect(after.rows - fortyFive.rows).toBeLessThanOrEqual(2);
    for (const hidden of ["Theirs 0", "Later 0", "Earlier 0", "Called off 0"]) expect(after.html).not.toContain(hidden);
  });
});

describe("the calendar's New event link (decision 196)", () => {
  it("shows for owners and active managers only, from the managers' index", { timeout: 60_000 }, async () => {
    const owner = await createUser();
    const community = await makeCommunity(owner.id);
    const manager = await createUser();
    const member = await createUser();
    const pending = await createUser();
    await addMember(community.id, manager.id, "manager");
    await addMember(community.id, member.id);
    await addMember(community.id, pending.id, "manager", "pending");
    const offersNewEvent = async (user: { email: string; password: string }) => {
      const html = await (await (await browserFor(user)).get("/calendar")).text();
      return html.includes('href="/calendar/new"');
    };
    expect(await offersNewEvent(owner)).toBe(true);
    expect(await offersNewEvent(manager)).toBe(true);
    expect(await offersNewEvent(member)).toBe(false);
    expect(await offersNewEvent(pending)).toBe(false);
  });
});
