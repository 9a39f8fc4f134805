import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import { expandOccurrences, type OccurrenceException } from "~/lib/calendar/recurrence";
import type { Category } from "~/lib/categories";
import { type BatchPart, batchPart, runBatch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type EventRow, eventRowsSql, mayOverlap, ownersFor, ownersOf } from "./calendar-rows.server";
import { exceptionColumns, seriesOf } from "./events.server";

/** One occurrence as calendars and lists show it. */
export type CalendarItem = {
  eventId: number;
  title: string;
  location: string | null;
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  timeZone: string;
  occurrenceStart: number;
  moved: boolean;
  communityId: number | null;
  communityName: string | null;
  category: Category | null;
};

const DAY = 86_400_000;
const e = schema.events;
const c = schema.communities;
const m = schema.communityMembers;
const f = schema.schoolFollows;
const x = schema.eventExceptions;

/** Events of my active communities, of communities at schools I follow, and of those schools. */
export function visibleTo(userId: number): SQL {
  const db = getDb();
  const mine = db
    .select({ id: m.communityId })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.status, "active")));
  const followed = db.select({ id: f.schoolId }).from(f).where(eq(f.userId, userId));
  const atFollowed = db.select({ id: c.id }).from(c).where(inArray(c.schoolId, followed));
  return or(inArray(e.communityId, mine), inArray(e.communityId, atFollowed), inArray(e.schoolId, followed))!;
}

/**
 * The occurrences in [from, to) of the rows of `eventRowsSql`: each event once, the first `limit`
 * by start (as an ORDER BY starts_at LIMIT would have chosen), expanded with its exceptions.
 */
export function itemsOf(rows: EventRow[], from: number, to: number, limit = 500): CalendarItem[] {
  const seen = new Set<number>();
  const events: (Omit<EventRow, "allDay" | "exceptions"> & { allDay: boolean })[] = [];
  const exceptions: ExceptionOfItems[] = [];
  for (const { exceptions: list, allDay, ...row } of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    events.push({ ...row, allDay: allDay === 1 });
    for (const [occurrenceStart, cancelled, startsAt, endsAt] of JSON.parse(list) as ExceptionTuple[])
      exceptions.push({ eventId: row.id, occurrenceStart, cancelled: cancelled === 1, startsAt, endsAt });
  }
  events.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  return toItems([events.slice(0, limit), exceptions], from, to);
}

type ExceptionTuple = [number, number, number | null, number | null];

/** A user's calendar in [from, to) (their communities' and followed schools' events), as a batch part. */
export function calendarPart(userId: number, from: number, to: number, limit = 500): BatchPart<CalendarItem[]> {
  return batchPart({ events: sqlRows<EventRow>(eventRowsSql(ownersFor(userId), from, to)) }, ({ events }) =>
    itemsOf(events, from, to, limit),
  );
}

/**
 * The two queries behind occurrences in [from, to) of the events `where` picks, for a caller's own
 * db.batch (the iCalendar feed, reminders); calendars and upcoming lists read `eventRowsSql`.
 */
export function occurrenceQueries(where: SQL, from: number, to: number, limit = 500) {
  const db = getDb();
  const condition = and(where, mayOverlap(from, to));
  return [
    db
      .select({
        id: e.id,
        title: e.title,
        location: e.location,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        allDay: e.allDay,
        timeZone: e.timeZone,
        recurrence: e.recurrence,
        recurrenceUntil: e.recurrenceUntil,
        communityId: e.communityId,
        communityName: c.name,
        category: c.category,
      })
      .from(e)
      .leftJoin(c, eq(c.id, e.communityId))
      .where(condition)
      .orderBy(asc(e.startsAt))
      .limit(limit),
    db
      .select(exceptionColumns)
      .from(x)
      .where(inArray(x.eventId, db.select({ id: e.id }).from(e).where(condition))),
  ] as const;
}

type EventOfItems = Pick<EventRow, "id" | "title" | "location" | "timeZone" | "communityId" | "communityName"> &
  Parameters<typeof seriesOf>[0] & { category: Category | null };
type ExceptionOfItems = OccurrenceException & { eventId: number };

/** Expands events and their exceptions into occurrences in [from, to), by start. */
export function toItems(
  [events, exceptions]: readonly [readonly EventOfItems[], readonly ExceptionOfItems[]],
  from: number,
  to: number,
): CalendarItem[] {
  const byEvent = new Map<number, ExceptionOfItems[]>();
  for (const exception of exceptions) {
    const own = byEvent.get(exception.eventId);
    if (own) own.push(exception);
    else byEvent.set(exception.eventId, [exception]);
  }
  const items: CalendarItem[] = [];
  for (const event of events) {
    for (const occurrence of expandOccurrences(seriesOf(event), byEvent.get(event.id) ?? [], from, to)) {
      items.push({
        eventId: event.id,
        title: event.title,
        location: event.location,
        allDay: event.allDay,
        timeZone: event.timeZone,
        communityId: event.communityId,
        communityName: event.communityName,
        category: event.category,
        ...occurrence,
      });
    }
  }
  return items.sort((a, b) => a.startsAt - b.startsAt || a.eventId - b.eventId);
}

/** The calendar of a user: their communities' and followed schools' events. */
export async function calendarFor(userId: number, from: number, to: number): Promise<CalendarItem[]> {
  const { calendar } = await runBatch({ calendar: calendarPart(userId, from, to) });
  return calendar;
}

export const UPCOMING_DAYS = 60;
export const UPCOMING_LIMIT = 10;

/**
 * Upcoming events of one community, for its page (the communities area shows them with
 * `UpcomingEvents`), or of a school: its own and its communities'.
 */
export async function upcomingEvents(
  of: { communityId: number } | { schoolId: number },
  now = Date.now(),
  limit = UPCOMING_LIMIT,
): Promise<CalendarItem[]> {
  const { upcoming } = await runBatch({ upcoming: upcomingWindow(of, now, limit) });
  return upcoming;
}

/**
 * The next dates (within `UPCOMING_DAYS`) of one community, or of a school (its own events and its
 * communities'), as a part of a page's own batch: one statement (`eventRowsSql`), not every
 * event the owner ever had.
 */
export function upcomingWindow(
  of: { communityId: number } | { schoolId: number },
  now: number,
  limit = UPCOMING_LIMIT,
): BatchPart<CalendarItem[]> {
  const to = now + UPCOMING_DAYS * DAY;
  return batchPart({ events: sqlRows<EventRow>(eventRowsSql(ownersOf(of), now, to)) }, ({ events }) =>
    itemsOf(events, now, to).slice(0, limit),
  );
}
