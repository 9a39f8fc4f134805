import { and, eq, isNull, sql } from "drizzle-orm";
import type { IcalEvent } from "~/lib/calendar/ical";
import { eventHref } from "~/lib/calendar/links";
import { batch, single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, runAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { itemsOf, withinCap } from "./calendar.server";
import { type EventRowWithDetails, eventRowsSql, firstEventRowsSql, ownersFor } from "./calendar-rows.server";
import type { RsvpStatus } from "./rsvp.server";

/**
 * The private iCalendar feed (decision 059): a 256-bit token in the URL, stored as its SHA-256
 * only; making a new one replaces (so revokes) the old, and turning it off deletes it.
 */
const feeds = schema.calendarFeeds;
const DAY = 86_400_000;
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;
/** The feed's events, the first by start (series that began earliest first). */
export const FEED_EVENTS_MAX = 2000;

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
 * token (decision 042) stores nothing (`requireCurrentToken`).
 */
export async function regenerateFeedToken(owner: Actor): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256(token);
  await writeAs(
    owner,
    sql`INSERT INTO calendar_feeds (user_id, token_hash)
      SELECT ${owner.id}, ${tokenHash} WHERE ${tokenIsCurrent(owner.id, owner.tokenVersion)}
      ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash,
        created_at = (unixepoch('subsec') * 1000)`,
  );
  return token;
}

export async function revokeFeed(owner: Actor): Promise<"ok"> {
  await runAs(
    owner,
    getDb()
      .delete(feeds)
      .where(and(eq(feeds.userId, owner.id), tokenIsCurrent(owner.id, owner.tokenVersion))),
  );
  return "ok";
}

export async function hasFeed(userId: number) {
  const rows = await single(getDb().select({ userId: feeds.userId }).from(feeds).where(eq(feeds.userId, userId)));
  return rows.length > 0;
}

/** Who a feed token belongs to, or null (unknown, revoked, deleted account). */
export async function feedOwner(token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const u = schema.users;
  const rows = await single(
    getDb()
      .select({ userId: feeds.userId })
      .from(feeds)
      .innerJoin(u, eq(u.id, feeds.userId))
      .where(and(eq(feeds.tokenHash, await sha256(token)), isNull(u.deletedAt))),
  );
  return rows[0]?.userId ?? null;
}

/**
 * A user's calendar as iCalendar events, from a month ago to a year ahead, each date with the
 * user's own answer for it (decision 058) and a link to that date.
 */
export async function feedEvents(userId: number, origin: string, now = Date.now()): Promise<IcalEvent[]> {
  const from = now - FEED_PAST_DAYS * DAY;
  const to = now + FEED_FUTURE_DAYS * DAY;
  const owners = ownersFor(userId);
  const r = schema.eventRsvps;
  // The calendar's own read (decision 196), with each event's description and last change.
  const { rows, answers } = await batch({
    rows: sqlRows<EventRowWithDetails>(eventRowsSql(owners, from, to, true)),
    answers: getDb()
      .select({ eventId: r.eventId, occurrenceStart: r.occurrenceStart, status: r.status })
      .from(r)
      .where(eq(r.userId, userId)),
  });
  const events = await withinCap(rows, () => firstEventRowsSql(owners, from, to, FEED_EVENTS_MAX, true));
  const byId = new Map(events.map((row) => [row.id, row]));
  const answerOf = new Map(answers.map((row) => [`${row.eventId}-${row.occurrenceStart}`, row.status]));
  return itemsOf(events, from, to, FEED_EVENTS_MAX).map((item) => ({
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
