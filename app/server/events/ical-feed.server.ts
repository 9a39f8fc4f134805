import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { IcalEvent } from "~/lib/calendar/ical";
import { eventHref } from "~/lib/calendar/links";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, runAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { occurrenceQueries, toItems, visibleTo } from "./calendar.server";
import type { RsvpStatus } from "./rsvp.server";

/**
 * The private iCalendar feed (decision 059): a 256-bit token in the URL, stored as its SHA-256
 * only; making a new one replaces (so revokes) the old, and turning it off deletes it.
 */
const feeds = schema.calendarFeeds;
const DAY = 86_400_000;
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A new feed token for the user; any earlier one stops working at once. A revoked access
 * token (decision 042) stores nothing and answers "revoked".
 */
export async function regenerateFeedToken(owner: Actor): Promise<string | "revoked"> {
  const token = randomToken();
  const tokenHash = await sha256(token);
  const rows = await writeAs(
    owner,
    sql`INSERT INTO calendar_feeds (user_id, token_hash)
      SELECT ${owner.id}, ${tokenHash} WHERE ${tokenIsCurrent(owner.id, owner.tokenVersion)}
      ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash,
        created_at = (unixepoch('subsec') * 1000)`,
  );
  return rows === "revoked" ? rows : token;
}

export async function revokeFeed(owner: Actor): Promise<"ok" | "revoked"> {
  const done = await runAs(
    owner,
    getDb()
      .delete(feeds)
      .where(and(eq(feeds.userId, owner.id), tokenIsCurrent(owner.id, owner.tokenVersion))),
  );
  return done === "revoked" ? done : "ok";
}

export async function hasFeed(userId: number) {
  const rows = await getDb().select({ userId: feeds.userId }).from(feeds).where(eq(feeds.userId, userId));
  return rows.length > 0;
}

/** Who a feed token belongs to, or null (unknown, revoked, deleted account). */
export async function feedOwner(token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const u = schema.users;
  const rows = await getDb()
    .select({ userId: feeds.userId })
    .from(feeds)
    .innerJoin(u, eq(u.id, feeds.userId))
    .where(and(eq(feeds.tokenHash, await sha256(token)), isNull(u.deletedAt)));
  return rows[0]?.userId ?? null;
}

/**
 * A user's calendar as iCalendar events, from a month ago to a year ahead, each date with the
 * user's own answer for it (decision 058) and a link to that date.
 */
export async function feedEvents(userId: number, origin: string, now = Date.now()): Promise<IcalEvent[]> {
  const from = now - FEED_PAST_DAYS * DAY;
  const to = now + FEED_FUTURE_DAYS * DAY;
  const [eventsQuery, exceptionsQuery] = occurrenceQueries(visibleTo(userId), from, to, 2000);
  const e = schema.events;
  const r = schema.eventRsvps;
  const db = getDb();
  const [rows, exceptions, details, answers] = await db.batch([
    eventsQuery,
    exceptionsQuery,
    db
      .select({
        id: e.id,
        description: e.description,
        updatedAt: sql<number>`coalesce(${e.updatedAt}, ${e.createdAt})`,
      })
      .from(e)
      .where(and(visibleTo(userId), lt(e.startsAt, to))),
    db
      .select({ eventId: r.eventId, occurrenceStart: r.occurrenceStart, status: r.status })
      .from(r)
      .where(eq(r.userId, userId)),
  ]);
  const byId = new Map(details.map((row) => [row.id, row]));
  const answerOf = new Map(answers.map((row) => [`${row.eventId}-${row.occurrenceStart}`, row.status]));
  return toItems([rows, exceptions], from, to).map((item) => ({
    uid: `event-${item.eventId}-${item.occurrenceStart}@schoolhub`,
    title: item.title,
    description: byId.get(item.eventId)?.description ?? "",
    location: item.location,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    allDay: item.allDay,
    url: `${origin}${eventHref(item.eventId, item.occurrenceStart)}`,
    updatedAt: byId.get(item.eventId)?.updatedAt ?? now,
    answer: answerOf.get(`${item.eventId}-${item.occurrenceStart}`) ?? null,
  }));
}

/** One event's dates (a year of a repeating one) for its .ics download, with the viewer's answers. */
export function eventIcal(
  page: {
    event: {
      id: number;
      title: string;
      description: string;
      location: string | null;
      allDay: boolean;
      updatedAt: number | null;
      createdAt: number;
    };
    next: { occurrenceStart: number; startsAt: number; endsAt: number | null; myAnswer: RsvpStatus | null }[];
  },
  origin: string,
): IcalEvent[] {
  const { event } = page;
  return page.next.map((occurrence) => ({
    uid: `event-${event.id}-${occurrence.occurrenceStart}@schoolhub`,
    title: event.title,
    description: event.description,
    location: event.location,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    allDay: event.allDay,
    url: `${origin}${eventHref(event.id, occurrence.occurrenceStart)}`,
    updatedAt: event.updatedAt ?? event.createdAt,
    answer: occurrence.myAnswer,
  }));
}
