import { and, asc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { expandOccurrences } from "~/lib/calendar/recurrence";
import type { Category } from "~/lib/categories";
import { type BatchPart, batch, batchPart, runBatch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
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

/** Each span level with its longest span (decision 191), as rows (column1: level, column2: longest). */
const LEVELS = sql.raw(
  `(VALUES ${schema.SPAN_LEVEL_LONGEST.map((longest, level) => `(${level}, ${longest})`).join(", ")})`,
);

/** Whose events a calendar shows: SQL lists of community ids and of school ids. */
type Owners = { communities: SQL; schools: SQL };

/**
 * The ids of the events of `owners` that may have a date in [from, to), found from indexes
 * (decisions 187, 191): per span level, the events of those communities and schools that end in
 * [from, to + the level's longest span) and begin before `to`; and the dates moved into the
 * range, the same way. A day-long event (the most of them) is read from a range bounded on both
 * sides, so a month costs its own events, not the ones planned after it; a longer one while it
 * is not over. A superset, read in index order: the caller's conditions and `mayOverlap` decide.
 */
function candidateIds({ communities, schools }: Owners, from: number, to: number): SQL {
  const inRange = (alias: string, level: string, end: string) =>
    sql`${sql.raw(`${alias}.${level}`)} = lv.column1 AND ${sql.raw(`${alias}.${end}`)} >= ${from}
      AND ${sql.raw(`${alias}.${end}`)} < ${to} + lv.column2 AND ${sql.raw(alias)}.starts_at < ${to}`;
  // CROSS JOIN: the levels drive the index searches (SQLite, without statistics, might not).
  return sql`SELECT ev.id FROM ${LEVELS} lv CROSS JOIN events ev ON ev.community_id IN (${communities}) AND ${inRange("ev", "span_level", "span_end")}
    UNION ALL SELECT ev.id FROM ${LEVELS} lv CROSS JOIN events ev ON ev.school_id IN (${schools}) AND ${inRange("ev", "span_level", "span_end")}
    UNION ALL SELECT mx.event_id FROM ${LEVELS} lv CROSS JOIN event_exceptions mx ON ${inRange("mx", "moved_level", "moved_end")}`;
}

/** A user's communities (active memberships, and those at schools they follow) and followed schools. */
function ownersFor(userId: number): Owners {
  return {
    communities: sql`SELECT cm.community_id FROM community_members cm WHERE cm.user_id = ${userId} AND cm.status = 'active'
    UNION SELECT cs.id FROM school_follows sf JOIN communities cs ON cs.school_id = sf.school_id WHERE sf.user_id = ${userId}`,
    schools: sql`SELECT sf.school_id FROM school_follows sf WHERE sf.user_id = ${userId}`,
  };
}

/**
 * The two queries of a user's calendar in [from, to) (what `visibleTo` shows), looked up through
 * `candidateIds`. The exceptions are those of the candidates: a candidate the events query
 * leaves out brings a few rows that `toItems` never pairs, instead of the conditions read twice.
 */
export function calendarQueries(userId: number, from: number, to: number, limit = 500) {
  const ids = candidateIds(ownersFor(userId), from, to);
  const [events] = occurrenceQueries(and(sql`${e.id} IN (${ids})`, visibleTo(userId))!, from, to, limit);
  const exceptions = getDb().select(exceptionColumns).from(x).where(sql`${x.eventId} IN (${ids})`);
  return [events, exceptions] as const;
}

/**
 * Live events that may have an occurrence in [from, to): by their series, or by a date moved
 * into the range (a first date moved earlier than the series' start, a last one past its end).
 */
function mayOverlap(from: number, to: number): SQL {
  const bySeries = and(
    lt(e.startsAt, to),
    or(
      and(ne(e.recurrence, "none"), or(isNull(e.recurrenceUntil), sql`${e.recurrenceUntil} >= ${from - DAY}`)),
      sql`coalesce(${e.endsAt}, ${e.startsAt}) >= ${from}`,
    ),
  );
  const movedInto = sql`EXISTS (SELECT 1 FROM event_exceptions mx WHERE mx.event_id = ${e.id} AND mx.cancelled = 0
    AND mx.starts_at < ${to} AND coalesce(mx.ends_at, mx.starts_at) >= ${from})`;
  return and(isNull(e.cancelledAt), or(bySeries, movedInto))!;
}

/** The two queries behind occurrences in [from, to), for a caller's own db.batch. */
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

type Queries = ReturnType<typeof occurrenceQueries>;
type Rows = readonly [Awaited<Queries[0]>, Awaited<Queries[1]>];

/** Expands the rows of `occurrenceQueries` into occurrences, by start. */
export function toItems([events, exceptions]: Rows, from: number, to: number): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const event of events) {
    const own = exceptions.filter((exception) => exception.eventId === event.id);
    for (const occurrence of expandOccurrences(seriesOf(event), own, from, to)) {
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
  const [eventsQuery, exceptionsQuery] = calendarQueries(userId, from, to);
  const { events, exceptions } = await batch({ events: eventsQuery, exceptions: exceptionsQuery });
  return toItems([events, exceptions], from, to);
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

/** The queries of `upcomingEvents` and how to read them, as a part of a page's own batch. */
export function upcomingWindow(
  of: { communityId: number } | { schoolId: number },
  now: number,
  limit = UPCOMING_LIMIT,
): BatchPart<CalendarItem[]> {
  const to = now + UPCOMING_DAYS * DAY;
  const [events, exceptions] = occurrenceQueries(upcomingWhere(of, now, to), now, to);
  return batchPart({ events, exceptions }, (rows) => toItems([rows.events, rows.exceptions], now, to).slice(0, limit));
}

/**
 * Events of one community, or of a school (its own and its communities'), that may have a date
 * in [from, to): looked up through `candidateIds` (decision 191), not every event it ever had.
 */
export function upcomingWhere(of: { communityId: number } | { schoolId: number }, from: number, to: number): SQL {
  // The unary `+` keeps SQLite from walking the owner's index (every event it ever had) instead
  // of taking the candidates' ids; the condition only drops moved dates of other owners.
  if ("communityId" in of) {
    const ids = candidateIds({ communities: sql`SELECT ${of.communityId}`, schools: sql`SELECT NULL` }, from, to);
    return sql`${e.id} IN (${ids}) AND +${e.communityId} = ${of.communityId}`;
  }
  const communities = sql`SELECT cs.id FROM communities cs WHERE cs.school_id = ${of.schoolId}`;
  const ids = candidateIds({ communities, schools: sql`SELECT ${of.schoolId}` }, from, to);
  return sql`${e.id} IN (${ids}) AND (+${e.schoolId} = ${of.schoolId} OR +${e.communityId} IN (${communities}))`;
}
