import { eq } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import type { EventInput } from "~/server/events/events.server";
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

export async function cookieOf(user: { email: string; password: string }) {
  return signIn(user.email, user.password);
}

export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: "Bake sale",
    description: "",
    location: "Gym",
    startsAt: Date.parse("2026-03-01T23:00:00Z"),
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

export async function rsvpsOf(eventId: number) {
  return getDb().select().from(schema.eventRsvps).where(eq(schema.eventRsvps.eventId, eventId));
}
