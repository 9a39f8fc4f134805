import { and, eq, isNull, sql } from "drizzle-orm";
import { isOriginalStart, type Series } from "~/lib/calendar/recurrence";
import { managesSql } from "~/server/content/visibility.server";
import { batch, single, sqlRows, sqlRun } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { detectLanguage } from "~/server/translation/detect.server";
import { staleTranslationsDelete } from "~/server/translation/translations.server";
import {
  type Actor,
  currentTokenQuery,
  requireCurrentToken,
  runAs,
  tokenIsCurrent,
  writeAs,
} from "~/server/users/session-user.server";
import { notifyEventChange, notifyPromoted } from "./event-notifications.server";
import { type Promotion, promoteSql } from "./rsvp.server";

/** What a manager fills in (decision 056): the series' times in UTC with their zone, and the rest. */
export type EventInput = Series & {
  title: string;
  description: string;
  location: string;
  capacity: number | null;
};

export type EventResult<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; reason: "forbidden" | "not_found" | "invalid" };

const e = schema.events;
const x = schema.eventExceptions;

/**
 * Creates an event if the user manages the community: the check and the insert are one
 * statement, guarded by the manager's token (decision 042).
 */
export async function createEvent(
  manager: Actor,
  communityId: number,
  input: EventInput,
): Promise<EventResult<number>> {
  const userId = manager.id;
  const now = Date.now();
  // The description's language, for "See translation" (decision 150).
  const lang = await detectLanguage(input.description);
  const rows = await writeAs<{ id: number }>(
    manager,
    sql`INSERT INTO events
      (community_id, title, description, lang, location, starts_at, ends_at, all_day, time_zone, recurrence,
       recurrence_until, capacity, created_by, updated_at)
    SELECT ${communityId}, ${input.title}, ${input.description}, ${lang}, ${input.location || null}, ${input.startsAt},
      ${input.endsAt}, ${input.allDay ? 1 : 0}, ${input.timeZone}, ${input.recurrence}, ${input.recurrenceUntil},
      ${input.capacity}, ${userId}, ${now}
    WHERE ${managesSql(userId, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
    RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return { ok: false, reason: "forbidden" };
  notifyEventChange(id, "created", userId);
  return { ok: true, value: id };
}

/**
 * Edits an event of a community the user manages. When its first start moves, its answers and
 * exceptions, keyed by original start, move by the same amount in the same batch, so "Tuesday's"
 * answers stay on Tuesday (decision 058); changing the repetition itself leaves them behind.
 * A raised capacity fills from the waiting lists in the same batch; the value is who moved up.
 */
export async function updateEvent(
  manager: Actor,
  eventId: number,
  input: EventInput,
): Promise<EventResult<Promotion[]>> {
  const db = getDb();
  const now = Date.now();
  const lang = await detectLanguage(input.description);
  // Revocation (decision 042): checked first in the batch; every write below is guarded by it.
  const allowed = sql`${managesSql(manager.id, sql`${e.communityId}`)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`;
  const { current, updated, promoted } = await batch({
    current: currentTokenQuery(manager.id, manager.tokenVersion),
    ...shiftKeys("event_rsvps", manager, eventId, input.startsAt),
    ...shiftKeys("event_exceptions", manager, eventId, input.startsAt),
    updated: db
      .update(e)
      .set({
        title: input.title,
        description: input.description,
        // A new description is a new version: translated afresh (decision 150).
        lang,
        textVersion: sql`CASE WHEN ${e.description} = ${input.description} THEN ${e.textVersion} ELSE ${e.textVersion} + 1 END`,
        location: input.location || null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        allDay: input.allDay,
        timeZone: input.timeZone,
        recurrence: input.recurrence,
        recurrenceUntil: input.recurrenceUntil,
        capacity: input.capacity,
        updatedAt: now,
      })
      .where(and(eq(e.id, eventId), isNull(e.cancelledAt), allowed))
      .returning({ id: e.id }),
    promoted: sqlRows<Promotion>(promoteSql(eventId, now)),
    staleTranslations: staleTranslationsDelete("event", eventId),
  });
  requireCurrentToken(current);
  if (updated.length === 0) return { ok: false, reason: "forbidden" };
  notifyPromoted(eventId, promoted);
  notifyEventChange(eventId, "changed", manager.id);
  return { ok: true, value: promoted };
}

/**
 * Moves a table's occurrence keys by the change of the event's first start. Two steps, through
 * negative keys, because SQLite checks the primary key row by row: shifting a weekly series by
 * exactly a week would otherwise collide with the next row's key mid-update.
 */
function shiftKeys(table: "event_rsvps" | "event_exceptions", manager: Actor, eventId: number, startsAt: number) {
  const name = sql.raw(table);
  return {
    [`${table}Negated`]: sqlRun(sql`UPDATE ${name} SET occurrence_start = -(occurrence_start + ${startsAt}
        - (SELECT starts_at FROM events WHERE id = ${eventId}))
      WHERE event_id = ${eventId} AND EXISTS (SELECT 1 FROM events e WHERE e.id = ${eventId}
        AND e.cancelled_at IS NULL AND e.starts_at != ${startsAt} AND ${managesSql(manager.id, sql`e.community_id`)})
        AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`),
    [`${table}Restored`]: sqlRun(sql`UPDATE ${name} SET occurrence_start = -occurrence_start
      WHERE event_id = ${eventId} AND occurrence_start < 0`),
  };
}

/** Cancels the whole event (it stays, marked cancelled, so answers and links still explain it). */
export async function cancelEvent(manager: Actor, eventId: number): Promise<EventResult> {
  const rows = await runAs<{ id: number }[]>(
    manager,
    getDb()
      .update(e)
      .set({ cancelledAt: Date.now(), updatedAt: Date.now() })
      .where(
        and(
          eq(e.id, eventId),
          isNull(e.cancelledAt),
          managesSql(manager.id, sql`${e.communityId}`),
          tokenIsCurrent(manager.id, manager.tokenVersion),
        ),
      )
      .returning({ id: e.id }),
  );
  if (rows.length === 0) return { ok: false, reason: "forbidden" };
  notifyEventChange(eventId, "cancelled", manager.id);
  return { ok: true, value: undefined };
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
 * Cancels one occurrence (`move` null) or moves it, in one batch: the series is read beside the
 * write, which checks the manager, a live repeating event and the series' bounds in SQL. That
 * the date is exactly one of the series' original starts needs the recurrence rules, checked
 * here after the batch; a forged date's exception is removed again (its own round trip).
 */
export async function changeOccurrence(
  manager: Actor,
  eventId: number,
  occurrenceStart: number,
  move: { startsAt: number; endsAt: number | null } | null,
): Promise<EventResult> {
  const db = getDb();
  const userId = manager.id;
  const current = tokenIsCurrent(manager.id, manager.tokenVersion);
  const { check, events, written } = await batch({
    check: currentTokenQuery(manager.id, manager.tokenVersion),
    events: db.select().from(e).where(eq(e.id, eventId)).limit(1),
    written: sqlRows<{ eventId: number }>(sql`INSERT INTO event_exceptions
        (event_id, occurrence_start, cancelled, starts_at, ends_at)
      SELECT e.id, ${occurrenceStart}, ${move ? 0 : 1}, ${move?.startsAt ?? null}, ${move?.endsAt ?? null}
      FROM events e
      WHERE e.id = ${eventId} AND e.cancelled_at IS NULL AND e.recurrence != 'none'
        AND ${occurrenceStart} >= e.starts_at AND ${managesSql(userId, sql`e.community_id`)} AND ${current}
      ON CONFLICT (event_id, occurrence_start) DO UPDATE SET cancelled = excluded.cancelled,
        starts_at = excluded.starts_at, ends_at = excluded.ends_at
      RETURNING event_id AS eventId`),
    touched: sqlRun(sql`UPDATE events SET updated_at = ${Date.now()}
      WHERE id = ${eventId} AND ${managesSql(userId, sql`events.community_id`)} AND ${current} AND EXISTS (
        SELECT 1 FROM event_exceptions WHERE event_id = ${eventId} AND occurrence_start = ${occurrenceStart})`),
  });
  requireCurrentToken(check);
  const event = events[0];
  if (!event || event.cancelledAt !== null) return { ok: false, reason: "not_found" };
  if (event.recurrence === "none" || !isOriginalStart(seriesOf(event), occurrenceStart)) {
    if (written.length > 0) {
      await single(
        sqlRun(sql`DELETE FROM event_exceptions WHERE event_id = ${eventId} AND occurrence_start = ${occurrenceStart}`),
      );
    }
    return { ok: false, reason: "invalid" };
  }
  if (written.length === 0) return { ok: false, reason: "forbidden" };
  notifyEventChange(eventId, "changed", manager.id);
  return { ok: true, value: undefined };
}

export const exceptionColumns = {
  eventId: x.eventId,
  occurrenceStart: x.occurrenceStart,
  cancelled: x.cancelled,
  startsAt: x.startsAt,
  endsAt: x.endsAt,
};
