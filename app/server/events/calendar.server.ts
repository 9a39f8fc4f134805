import { type SQL, sql } from "drizzle-orm";
import { expandOccurrences, type OccurrenceException } from "~/lib/calendar/recurrence";
import type { Category } from "~/lib/categories";
import { MONTH_EVENTS_MAX } from "~/lib/community-limits";
import {
  type BatchPart,
  batchPart,
  preparedRows,
  runBatch,
  type Statement,
  single,
  sqlRows,
} from "~/server/db/batch.server";
import {
  type EventRow,
  eventRowsSql,
  firstEventRowsSql,
  hitsCap,
  type Owners,
  ownersFor,
  ownersOf,
} from "./calendar-rows.server";
import { seriesOf } from "./events.server";

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

/**
 * A read of `eventRowsSql` as it came, or, when it stopped at its bound (an arbitrary part of the
 * candidates), the first `limit` events by start read again (`again`: `firstEventRowsSql` of the
 * same owners): never an answer with events silently missing (decision 207).
 */
export function withinCap<R extends EventRow>(rows: R[], again: () => SQL): R[] | Promise<R[]> {
  return hitsCap(rows) ? single(sqlRows<R>(again())) : rows;
}

/** A calendar's dates, and whether it had more events than the `limit` it shows (the first by start). */
export type CalendarRead = { items: CalendarItem[]; more: boolean };

/**
 * A user's calendar statement, the same for every user and month: built and compiled once per
 * isolate, its values filled in per request (as the newsfeed's, decision 213).
 */
const userEventRows = preparedRows<EventRow>(() =>
  eventRowsSql(ownersFor(sql.placeholder("userId")), sql.placeholder("from"), sql.placeholder("to")),
);

/** A user's calendar in [from, to) (their communities' and followed schools' events), as a batch part. */
export function calendarPart(
  userId: number,
  from: number,
  to: number,
  limit = MONTH_EVENTS_MAX,
): BatchPart<CalendarRead> {
  return ownersPart(userEventRows({ userId, from, to }), () => ownersFor(userId), from, to, limit);
}

/**
 * `statement`: `eventRowsSql` of some owners in [from, to) (maybe compiled once); `owners`, whose
 * first events are read again when it hits its cap (decision 207).
 */
function ownersPart(
  statement: Statement<EventRow[]>,
  owners: () => Owners,
  from: number,
  to: number,
  limit: number,
): BatchPart<CalendarRead> {
  const read = (rows: EventRow[]) => ({
    items: itemsOf(rows, from, to, limit),
    more: new Set(rows.map((row) => row.id)).size > limit,
  });
  return batchPart({ events: statement }, ({ events }) => {
    // One more than shown, so that `more` is known on this path too.
    const rows = withinCap(events, () => firstEventRowsSql(owners(), from, to, limit + 1));
    return Array.isArray(rows) ? read(rows) : rows.then(read);
  });
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
  return calendar.items;
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

/** A community's and a school's upcoming statements, compiled once per isolate as `userEventRows`. */
const communityEventRows = preparedRows<EventRow>(() =>
  eventRowsSql(ownersOf({ communityId: sql.placeholder("id") }), sql.placeholder("from"), sql.placeholder("to")),
);
const schoolEventRows = preparedRows<EventRow>(() =>
  eventRowsSql(ownersOf({ schoolId: sql.placeholder("id") }), sql.placeholder("from"), sql.placeholder("to")),
);

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
  const statement =
    "communityId" in of
      ? communityEventRows({ id: of.communityId, from: now, to })
      : schoolEventRows({ id: of.schoolId, from: now, to });
  const part = ownersPart(statement, () => ownersOf(of), now, to, MONTH_EVENTS_MAX);
  return { queries: part.queries, read: async (results) => (await part.read(results)).items.slice(0, limit) };
}
