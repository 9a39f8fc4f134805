import { sql } from "drizzle-orm";
import { isOriginalStart, type Series } from "~/lib/calendar/recurrence";
import { batch, single, sqlRows, sqlRun } from "~/server/db/batch.server";
import { type Actor, currentTokenSql, requireCurrentToken, tokenIsCurrent } from "~/server/users/session-user.server";
import { notifyPromoted } from "./event-notifications.server";

/**
 * Answers to one date of an event (decision 058): going, maybe, not going; with a capacity,
 * "going" past it becomes "waiting", and places that free up on that date go to its
 * longest-waiting answers. A date is named by its original start, so a moved date keeps its
 * answers. Everything runs in one D1 batch (one transaction on the single writer), so
 * concurrent answers never put a date over capacity.
 */
export type Answer = "going" | "maybe" | "not_going";
export type RsvpStatus = Answer | "waiting";

/** Someone who moved up from a waiting list, and the date they now go to. */
export type Promotion = { userId: number; occurrenceStart: number };

export type RsvpResult =
  | { ok: true; status: RsvpStatus; promoted: Promotion[] }
  | { ok: false; reason: "forbidden" | "not_an_occurrence" };

const DAY = 86_400_000;

/**
 * The answer, written only for a live event, by an active member, for a date that is not
 * cancelled and lies within the series (the first start for a one-off event). Whether the date
 * is exactly one of the series' is checked after the batch, in `answerEvent`.
 */
function answer(member: Actor, eventId: number, occurrence: number, value: Answer, now: number) {
  const userId = member.id;
  return sql`INSERT INTO event_rsvps (event_id, occurrence_start, user_id, status, updated_at)
  SELECT e.id, ${occurrence}, ${userId},
    CASE WHEN ${value} = 'going' AND e.capacity IS NOT NULL
      AND (SELECT count(*) FROM event_rsvps r WHERE r.event_id = e.id AND r.occurrence_start = ${occurrence}
        AND r.status = 'going' AND r.user_id != ${userId}) >= e.capacity
      AND coalesce((SELECT r.status FROM event_rsvps r WHERE r.event_id = e.id
        AND r.occurrence_start = ${occurrence} AND r.user_id = ${userId}), '') != 'going'
    THEN 'waiting' ELSE ${value} END,
    ${now}
  FROM events e
  WHERE e.id = ${eventId} AND e.cancelled_at IS NULL
    AND EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = e.community_id
      AND m.user_id = ${userId} AND m.status = 'active')
    AND ${tokenIsCurrent(member.id, member.tokenVersion)}
    AND NOT EXISTS (SELECT 1 FROM event_exceptions x WHERE x.event_id = e.id
      AND x.occurrence_start = ${occurrence} AND x.cancelled = 1)
    AND ${occurrence} >= e.starts_at
    AND (CASE WHEN e.recurrence = 'none' THEN ${occurrence} = e.starts_at
      ELSE e.recurrence_until IS NULL OR ${occurrence} < e.recurrence_until + ${2 * DAY} END)
  ON CONFLICT (event_id, occurrence_start, user_id) DO UPDATE SET status = excluded.status,
    updated_at = CASE WHEN event_rsvps.status = excluded.status THEN event_rsvps.updated_at ELSE excluded.updated_at END
  RETURNING status`;
}

/**
 * Moves the longest-waiting answers of each date of the event up while that date has free
 * places: after an answer (only its date can have changed) and in the batch of an edit, which
 * may have raised the capacity (any date may then have room).
 */
export function promoteSql(eventId: number, now: number) {
  return sql`UPDATE event_rsvps SET status = 'going', updated_at = ${now}
  WHERE event_id = ${eventId} AND status = 'waiting' AND (occurrence_start, user_id) IN (
    SELECT w.occurrence_start, w.user_id FROM (
      SELECT occurrence_start, user_id,
        row_number() OVER (PARTITION BY occurrence_start ORDER BY updated_at, user_id) AS place
      FROM event_rsvps WHERE event_id = ${eventId} AND status = 'waiting') w
    WHERE w.place <= coalesce((SELECT capacity FROM events WHERE id = ${eventId}), 1000000000)
      - (SELECT count(*) FROM event_rsvps g WHERE g.event_id = ${eventId}
        AND g.occurrence_start = w.occurrence_start AND g.status = 'going'))
  RETURNING user_id AS userId, occurrence_start AS occurrenceStart`;
}

const seriesQuery = (eventId: number) =>
  sql`SELECT starts_at AS startsAt, ends_at AS endsAt, all_day AS allDay, time_zone AS timeZone,
    recurrence, recurrence_until AS recurrenceUntil FROM events WHERE id = ${eventId}`;

/** Members of the event's community answer for one date; the event and the date must be live. */
export async function answerEvent(
  member: Actor,
  eventId: number,
  occurrenceStart: number,
  value: Answer,
  now = Date.now(),
): Promise<RsvpResult> {
  // Revocation (decision 042) is checked in the same batch, and guards the answer itself.
  const { current, answered, promoted, events } = await batch({
    current: sqlRows(currentTokenSql(member)),
    answered: sqlRows<{ status: RsvpStatus }>(answer(member, eventId, occurrenceStart, value, now)),
    promoted: sqlRows<Promotion>(promoteSql(eventId, now)),
    events: sqlRows<Omit<Series, "allDay"> & { allDay: number }>(seriesQuery(eventId)),
  });
  requireCurrentToken(current as unknown[]);
  const userId = member.id;
  const status = answered[0]?.status;
  if (!status) return { ok: false, reason: "forbidden" };
  const event = events[0];
  if (!event || !isOriginalStart({ ...event, allDay: event.allDay === 1 }, occurrenceStart)) {
    // A forged date inside the series' bounds: the SQL could not tell it from a real one. Its
    // answer is taken back (the one case with a second round trip); nobody waits on such a date.
    await single(
      sqlRun(sql`DELETE FROM event_rsvps WHERE event_id = ${eventId} AND occurrence_start = ${occurrenceStart}
        AND user_id = ${userId}`),
    );
    return { ok: false, reason: "not_an_occurrence" };
  }
  notifyPromoted(eventId, promoted);
  return { ok: true, status, promoted };
}
