import { eq } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { createEvent, type EventInput } from "~/server/events/events.server";
import { actorOf } from "./communities-support";
import { createUser, signIn } from "./helpers";
import { createCommunity } from "./schools-support";

/** A community with a manager and two members, each signed in. */
export async function communityWithPeople(overrides: Parameters<typeof createCommunity>[1] = {}) {
  const manager = await createUser({ name: "Morgan Manager" });
  const member = await createUser({ name: "Mel Member" });
  const other = await createUser({ name: "Otto Other" });
  const community = await createCommunity(
    [
      { userId: manager.id, role: "manager" },
      { userId: member.id, role: "member" },
      { userId: other.id, role: "member" },
    ],
    overrides,
  );
  return { community, manager, member, other };
}

/** A manager, `count` members and their community (for answers that race each other). */
export async function communityOfMany(count: number) {
  const manager = await createUser();
  const people = await Promise.all(Array.from({ length: count }, () => createUser()));
  const community = await createCommunity([
    { userId: manager.id, role: "owner" },
    ...people.map((p) => ({ userId: p.id, role: "member" as const })),
  ]);
  return { manager, people, community };
}

/** An event the manager creates (the service, no form); its id. */
export async function eventOf(managerId: number, communityId: number, overrides: Partial<EventInput> = {}) {
  const created = await createEvent(await actorOf(managerId), communityId, eventInput(overrides));
  if (!created.ok) throw new Error(`event not created: ${created.reason}`);
  return created.value;
}

export async function cookieOf(user: { email: string; password: string }) {
  return signIn(user.email, user.password);
}

/** The event form as a browser posts it: a weekly choir practice in March 2026, New York time. */
export const eventForm = {
  title: "Choir practice",
  startDate: "2026-03-01",
  startTime: "18:00",
  endTime: "19:30",
  timeZone: "America/New_York",
  location: "Music room",
  description: "Bring your folder.",
  recurrence: "weekly",
  recurrenceUntil: "2026-03-29",
  capacity: "",
};

export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: "Bake sale",
    description: "",
    location: "Gym",
    startsAt: FIRST_START,
    endsAt: Date.parse("2026-03-02T00:30:00Z"),
    allDay: false,
    timeZone: "America/New_York",
    recurrence: "none",
    recurrenceUntil: null,
    capacity: null,
    ...overrides,
  };
}

export async function notificationsOf(userId: number) {
  return getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
}

/**
 * The titles of a user's notifications once one contains `wanted`: event notifications are sent
 * after the response (waitUntil), so the test waits for them a little (up to 5 s).
 */
export async function titlesOnce(userId: number, wanted: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const titles = (await notificationsOf(userId)).map((n) => n.title);
    if (titles.some((title) => title.includes(wanted))) return titles;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await notificationsOf(userId)).map((n) => n.title);
}

export async function rsvpsOf(eventId: number, occurrenceStart?: number) {
  const r = schema.eventRsvps;
  const rows = await getDb().select().from(r).where(eq(r.eventId, eventId));
  return occurrenceStart === undefined ? rows : rows.filter((row) => row.occurrenceStart === occurrenceStart);
}

/** The default event of `eventInput`: a one-off at this start, its only date. */
export const FIRST_START = Date.parse("2026-03-01T23:00:00Z");
