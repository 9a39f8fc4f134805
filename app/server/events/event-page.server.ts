import { and, asc, count, eq, inArray } from "drizzle-orm";
import { expandOccurrences, type Occurrence } from "~/lib/calendar/recurrence";
import type { Category } from "~/lib/categories";
import { getDb, schema } from "~/server/db/db.server";
import { exceptionColumns, type StoredEvent, seriesOf } from "./events.server";
import type { RsvpStatus } from "./rsvp.server";

export type EventPage = {
  event: StoredEvent;
  community: { id: number; name: string; category: Category; joinPolicy: string; schoolId: number | null } | null;
  canManage: boolean;
  isMember: boolean;
  counts: Record<RsvpStatus, number>;
  going: { id: number; name: string }[];
  myAnswer: RsvpStatus | null;
  /** The next dates (or the only one), moved ones at their new time. */
  next: Occurrence[];
};

const e = schema.events;
const c = schema.communities;
const m = schema.communityMembers;
const r = schema.eventRsvps;
const u = schema.users;
const f = schema.schoolFollows;
const x = schema.eventExceptions;
const NEXT_DATES = 8;
const YEAR = 366 * 86_400_000;

/**
 * The event page in one round trip. Who may see it (decision 056): members of its community,
 * anyone when the community is open, and followers of the community's school.
 */
export async function getEventPage(eventId: number, viewerId: number, now = Date.now()): Promise<EventPage | null> {
  const db = getDb();
  const [events, communities, members, exceptions, counts, going, mine, follows] = await db.batch([
    // Two queries, not a join: D1 returns rows keyed by column name, so a join of two tables
    // that both have `id` and `created_at` mixes them up.
    db.select().from(e).where(eq(e.id, eventId)).limit(1),
    db
      .select({ id: c.id, name: c.name, category: c.category, joinPolicy: c.joinPolicy, schoolId: c.schoolId })
      .from(c)
      .where(inArray(c.id, db.select({ id: e.communityId }).from(e).where(eq(e.id, eventId)))),
    db
      .select({ role: m.role, status: m.status })
      .from(m)
      .innerJoin(e, eq(e.communityId, m.communityId))
      .where(and(eq(e.id, eventId), eq(m.userId, viewerId))),
    db.select(exceptionColumns).from(x).where(eq(x.eventId, eventId)),
    db.select({ status: r.status, n: count() }).from(r).where(eq(r.eventId, eventId)).groupBy(r.status),
    db
      .select({ id: u.id, name: u.name })
      .from(r)
      .innerJoin(u, eq(u.id, r.userId))
      .where(and(eq(r.eventId, eventId), eq(r.status, "going")))
      .orderBy(asc(r.updatedAt), asc(u.id))
      .limit(100),
    db
      .select({ status: r.status })
      .from(r)
      .where(and(eq(r.eventId, eventId), eq(r.userId, viewerId))),
    db
      .select({ id: f.schoolId })
      .from(f)
      .innerJoin(c, eq(c.schoolId, f.schoolId))
      .innerJoin(e, eq(e.communityId, c.id))
      .where(and(eq(e.id, eventId), eq(f.userId, viewerId)))
      .limit(1),
  ]);
  const event = events[0];
  if (!event) return null;
  const community = communities[0] ?? null;
  const membership = members[0];
  const isMember = membership?.status === "active";
  const canManage = isMember && (membership.role === "owner" || membership.role === "manager");
  const visible = isMember || community?.joinPolicy === "open" || follows.length > 0;
  if (!visible) return null;
  const tally: Record<RsvpStatus, number> = { going: 0, maybe: 0, not_going: 0, waiting: 0 };
  for (const { status, n } of counts) tally[status] = n;
  const series = seriesOf(event);
  const from = event.recurrence === "none" ? event.startsAt : now;
  const next = expandOccurrences(series, exceptions, from, Math.max(from, now) + YEAR).slice(0, NEXT_DATES);
  return {
    event,
    community,
    canManage,
    isMember,
    counts: tally,
    going,
    myAnswer: mine[0]?.status ?? null,
    next,
  };
}
