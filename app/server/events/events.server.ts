import { and, eq, isNull, sql } from "drizzle-orm";
import { isOriginalStart, type Recurrence, type Series } from "~/lib/calendar/recurrence";
import { getDb, schema } from "~/server/db/db.server";
import { isManagerOf } from "./managers.server";

/** What a manager fills in (decision 056): times already in UTC, with the zone they came from. */
export type EventInput = {
  title: string;
  description: string;
  location: string;
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  timeZone: string;
  recurrence: Recurrence;
  recurrenceUntil: number | null;
  capacity: number | null;
};

export type EventResult<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; reason: "forbidden" | "not_found" | "invalid" };

const e = schema.events;
const x = schema.eventExceptions;

/** Creates an event if the user manages the community: the check and the insert are one statement. */
export async function createEvent(
  userId: number,
  communityId: number,
  input: EventInput,
): Promise<EventResult<number>> {
  const now = Date.now();
  const rows = await getDb().all<{ id: number }>(sql`INSERT INTO events
      (community_id, title, description, location, starts_at, ends_at, all_day, time_zone, recurrence,
       recurrence_until, capacity, created_by, updated_at)
    SELECT ${communityId}, ${input.title}, ${input.description}, ${input.location || null}, ${input.startsAt},
      ${input.endsAt}, ${input.allDay ? 1 : 0}, ${input.timeZone}, ${input.recurrence}, ${input.recurrenceUntil},
      ${input.capacity}, ${userId}, ${now}
    WHERE ${isManagerOf(userId, communityId)}
    RETURNING id`);
  const id = rows[0]?.id;
  return id === undefined ? { ok: false, reason: "forbidden" } : { ok: true, value: id };
}

/** Edits an event of a community the user manages. Exceptions keep their original starts. */
export async function updateEvent(userId: number, eventId: number, input: EventInput): Promise<EventResult> {
  const result = await getDb()
    .update(e)
    .set({
      title: input.title,
      description: input.description,
      location: input.location || null,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      allDay: input.allDay,
      timeZone: input.timeZone,
      recurrence: input.recurrence,
      recurrenceUntil: input.recurrenceUntil,
      capacity: input.capacity,
      updatedAt: Date.now(),
    })
    .where(and(eq(e.id, eventId), isNull(e.cancelledAt), isManagerOf(userId, e.communityId)));
  return result.meta.changes > 0 ? { ok: true, value: undefined } : { ok: false, reason: "forbidden" };
}

/** Cancels the whole event (it stays, marked cancelled, so answers and links still explain it). */
export async function cancelEvent(userId: number, eventId: number): Promise<EventResult> {
  const result = await getDb()
    .update(e)
    .set({ cancelledAt: Date.now(), updatedAt: Date.now() })
    .where(and(eq(e.id, eventId), isNull(e.cancelledAt), isManagerOf(userId, e.communityId)));
  return result.meta.changes > 0 ? { ok: true, value: undefined } : { ok: false, reason: "forbidden" };
}

export type StoredEvent = typeof e.$inferSelect;

export function seriesOf(event: Pick<StoredEvent, keyof Series>): Series {
  return {
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    allDay: event.allDay,
    timeZone: event.timeZone,
    recurrence: event.recurrence,
    recurrenceUntil: event.recurrenceUntil,
  };
}

/**
 * Cancels one occurrence (`move` null) or moves it. The occurrence must be one of the series'
 * original starts; the manager check runs inside the write.
 */
export async function changeOccurrence(
  userId: number,
  eventId: number,
  occurrenceStart: number,
  move: { startsAt: number; endsAt: number | null } | null,
): Promise<EventResult> {
  const db = getDb();
  const [event] = await db.select().from(e).where(eq(e.id, eventId)).limit(1);
  if (!event || event.cancelledAt !== null) return { ok: false, reason: "not_found" };
  if (event.recurrence === "none" || !isOriginalStart(seriesOf(event), occurrenceStart)) {
    return { ok: false, reason: "invalid" };
  }
  const rows = await db.all<{ event_id: number }>(sql`INSERT INTO event_exceptions
      (event_id, occurrence_start, cancelled, starts_at, ends_at)
    SELECT ${eventId}, ${occurrenceStart}, ${move ? 0 : 1}, ${move?.startsAt ?? null}, ${move?.endsAt ?? null}
    WHERE ${isManagerOf(userId, event.communityId ?? 0)}
    ON CONFLICT (event_id, occurrence_start) DO UPDATE SET cancelled = excluded.cancelled,
      starts_at = excluded.starts_at, ends_at = excluded.ends_at
    RETURNING event_id`);
  if (rows.length === 0) return { ok: false, reason: "forbidden" };
  await db.update(e).set({ updatedAt: Date.now() }).where(eq(e.id, eventId));
  return { ok: true, value: undefined };
}

export const exceptionColumns = {
  eventId: x.eventId,
  occurrenceStart: x.occurrenceStart,
  cancelled: x.cancelled,
  startsAt: x.startsAt,
  endsAt: x.endsAt,
};
