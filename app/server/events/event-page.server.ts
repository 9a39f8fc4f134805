import { and, eq, inArray, sql } from "drizzle-orm";
import { expandOccurrences, type Occurrence, occurrenceAt } from "~/lib/calendar/recurrence";
import type { Category } from "~/lib/categories";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import {
  cachedTranslationsQuery,
  type TranslationResult,
  translateItem,
} from "~/server/translation/translations.server";
import { exceptionColumns, type StoredEvent, seriesOf } from "./events.server";
import type { RsvpStatus } from "./rsvp.server";

export type Tally = Record<RsvpStatus, number>;

/** One of the next dates, with how full it is and the viewer's answer for it. */
export type DateSummary = Occurrence & { going: number; myAnswer: RsvpStatus | null };

export type EventPage = {
  event: StoredEvent;
  community: { id: number; name: string; category: Category; joinPolicy: string; schoolId: number | null } | null;
  canManage: boolean;
  isMember: boolean;
  /** The date the page is about (`?on=`, else the next one); null once a series has no dates left. */
  occurrence: Occurrence | null;
  /** Answers for that date (decision 058: answers are per date). */
  counts: Tally;
  going: { id: number; name: string }[];
  myAnswer: RsvpStatus | null;
  /** The next dates (or the only one), moved ones at their new time. */
  next: DateSummary[];
  /** The description in the reader's language, when asked (`translateTo`, decision 150). */
  translation: TranslationResult | null;
};

const e = schema.events;
const c = schema.communities;
const m = schema.communityMembers;
const r = schema.eventRsvps;
const f = schema.schoolFollows;
const x = schema.eventExceptions;
const NEXT_DATES = 8;
const DAY = 86_400_000;
const YEAR = 366 * DAY;
const GOING_SHOWN = 100;

/**
 * Who is going, at most 100 a date, for the date asked for or, without one, for every date the
 * next one can be: original starts from a week ago on, the first start (a one-off event's only
 * date), and dates moved to a time from a week ago on. The page then keeps the date it shows.
 */
function goingQuery(eventId: number, on: number | null, now: number) {
  const scope =
    on !== null
      ? sql`r.occurrence_start = ${on}`
      : sql`(r.occurrence_start >= ${now - 7 * DAY}
          OR r.occurrence_start = (SELECT starts_at FROM events WHERE id = ${eventId})
          OR r.occurrence_start IN (SELECT occurrence_start FROM event_exceptions
            WHERE event_id = ${eventId} AND starts_at >= ${now - 7 * DAY}))`;
  return sqlRows<{ occurrenceStart: number; id: number; name: string }>(sql`SELECT occurrenceStart, id, name FROM (
      SELECT r.occurrence_start AS occurrenceStart, u.id AS id, u.name AS name,
        row_number() OVER (PARTITION BY r.occurrence_start ORDER BY r.updated_at, u.id) AS place
      FROM event_rsvps r JOIN users u ON u.id = r.user_id
      WHERE r.event_id = ${eventId} AND r.status = 'going' AND ${scope})
    WHERE place <= ${GOING_SHOWN} ORDER BY occurrenceStart, place`);
}

/**
 * The event page in one round trip, about one date (`on`, an original start; else the next
 * date). Who may see it (decision 056): members of its community, anyone when the community
 * is open, and followers of the community's school.
 */
export async function getEventPage(
  eventId: number,
  viewerId: number,
  {
    on = null,
    now = Date.now(),
    translateTo = null,
  }: { on?: number | null; now?: number; translateTo?: string | null } = {},
): Promise<EventPage | null> {
  const db = getDb();
  const { events, communities, members, exceptions, counts, going, mine, follows, cached } = await batch({
    // The description's cached translations, when the reader asked for it (decision 150).
    cached: cachedTranslationsQuery("event", translateTo ? [eventId] : [], translateTo ?? "en"),
    // Two queries, not a join: D1 returns rows keyed by column name, so a join of two tables
    // that both have `id` and `created_at` mixes them up.
    events: db.select().from(e).where(eq(e.id, eventId)).limit(1),
    communities: db
      .select({ id: c.id, name: c.name, category: c.category, joinPolicy: c.joinPolicy, schoolId: c.schoolId })
      .from(c)
      .where(inArray(c.id, db.select({ id: e.communityId }).from(e).where(eq(e.id, eventId)))),
    members: db
      .select({ role: m.role, status: m.status })
      .from(m)
      .innerJoin(e, eq(e.communityId, m.communityId))
      .where(and(eq(e.id, eventId), eq(m.userId, viewerId))),
    exceptions: db.select(exceptionColumns).from(x).where(eq(x.eventId, eventId)),
    counts: db
      .select({ occurrenceStart: r.occurrenceStart, status: r.status, n: sql<number>`count(*)` })
      .from(r)
      .where(eq(r.eventId, eventId))
      .groupBy(r.occurrenceStart, r.status),
    going: goingQuery(eventId, on, now),
    mine: db
      .select({ occurrenceStart: r.occurrenceStart, status: r.status })
      .from(r)
      .where(and(eq(r.eventId, eventId), eq(r.userId, viewerId))),
    follows: db
      .select({ id: f.schoolId })
      .from(f)
      .innerJoin(c, eq(c.schoolId, f.schoolId))
      .innerJoin(e, eq(e.communityId, c.id))
      .where(and(eq(e.id, eventId), eq(f.userId, viewerId)))
      .limit(1),
  });
  const event = events[0];
  if (!event) return null;
  const community = communities[0] ?? null;
  const membership = members[0];
  const isMember = membership?.status === "active";
  const canManage = isMember && (membership.role === "owner" || membership.role === "manager");
  const visible = isMember || community?.joinPolicy === "open" || follows.length > 0;
  if (!visible) return null;
  const translation = translateTo
    ? await translateItem(
        { kind: "event", id: event.id, version: event.textVersion, text: event.description, lang: event.lang },
        translateTo,
        cached,
      )
    : null;

  const series = seriesOf(event);
  const from = event.recurrence === "none" ? event.startsAt : now;
  const upcoming = expandOccurrences(series, exceptions, from, Math.max(from, now) + YEAR).slice(0, NEXT_DATES);
  const occurrence = (on !== null ? occurrenceAt(series, exceptions, on) : null) ?? upcoming[0] ?? null;
  const myAnswers = new Map(mine.map((row) => [row.occurrenceStart, row.status]));
  const tallyOf = (start: number | undefined) => {
    const tally: Tally = { going: 0, maybe: 0, not_going: 0, waiting: 0 };
    for (const row of counts) if (row.occurrenceStart === start) tally[row.status] = row.n;
    return tally;
  };
  return {
    event,
    community,
    canManage,
    isMember,
    occurrence,
    counts: tallyOf(occurrence?.occurrenceStart),
    going: going
      .filter((row) => row.occurrenceStart === occurrence?.occurrenceStart)
      .map(({ id, name }) => ({ id, name })),
    myAnswer: (occurrence && myAnswers.get(occurrence.occurrenceStart)) ?? null,
    translation,
    next: upcoming.map((date) => ({
      ...date,
      going: tallyOf(date.occurrenceStart).going,
      myAnswer: myAnswers.get(date.occurrenceStart) ?? null,
    })),
  };
}
