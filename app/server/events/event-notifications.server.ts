import { and, eq, isNotNull, ne } from "drizzle-orm";
import { eventHref } from "~/lib/calendar/links";
import { later, type NotifyContext } from "~/server/content/content-notifications.server";
import { getDb, schema } from "~/server/db/db.server";
import { createNotification } from "~/server/notifications/notifications.server";
import type { Promotion } from "./rsvp.server";

/** What a route hands the events area for notifications: the origin and a translator. */
export type { NotifyContext };

export type EventChange = "created" | "changed" | "cancelled";

const m = schema.communityMembers;
const e = schema.events;
const c = schema.communities;
const x = schema.eventExceptions;

/**
 * Tells the active members of an event's community, except whoever made the change, that an
 * event is new, changed or cancelled (decision 059). One notification per member through the
 * notifications service, after the response (`later`, as the communities area does: decision
 * 049), so the action stays one round trip. Past a few hundred members this belongs on a Queue
 * (DESIGN §1 fan-out).
 */
export function notifyEventChange(eventId: number, change: EventChange, actorId: number, ctx: NotifyContext) {
  later(async () => {
    const db = getDb();
    const [events, members] = await db.batch([
      db
        .select({ title: e.title, community: c.name })
        .from(e)
        .innerJoin(c, eq(c.id, e.communityId))
        .where(eq(e.id, eventId)),
      db
        .select({ userId: m.userId })
        .from(m)
        .innerJoin(e, eq(e.communityId, m.communityId))
        .where(and(eq(e.id, eventId), eq(m.status, "active"), ne(m.userId, actorId))),
    ]);
    const event = events[0];
    if (!event) return;
    const title = ctx.t(`events:notifications.${change}`, { title: event.title, community: event.community });
    await notifyUsers(
      members.map((member) => ({ userId: member.userId, title, url: eventHref(eventId) })),
      ctx.origin,
    );
  });
}

/**
 * Those who moved up from a waiting list (decision 058), each told the date they now go to
 * (where it was moved to, if it was), in the event's zone (the server does not know theirs),
 * linked to that date.
 */
export function notifyPromoted(eventId: number, promoted: Promotion[], ctx: NotifyContext) {
  if (promoted.length === 0) return;
  later(async () => {
    const db = getDb();
    const [events, moves] = await db.batch([
      db.select({ title: e.title, allDay: e.allDay, timeZone: e.timeZone }).from(e).where(eq(e.id, eventId)),
      db
        .select({ occurrenceStart: x.occurrenceStart, startsAt: x.startsAt })
        .from(x)
        .where(and(eq(x.eventId, eventId), isNotNull(x.startsAt))),
    ]);
    const event = events[0];
    if (!event) return;
    const timeZone = event.allDay ? "UTC" : event.timeZone;
    const movedTo = new Map(moves.map((move) => [move.occurrenceStart, move.startsAt]));
    await notifyUsers(
      promoted.map(({ userId, occurrenceStart }) => ({
        userId,
        title: ctx.t("events:notifications.promoted", {
          title: event.title,
          date: movedTo.get(occurrenceStart) ?? occurrenceStart,
          formatParams: { date: { weekday: "long", month: "long", day: "numeric", timeZone } },
        }),
        url: eventHref(eventId, occurrenceStart),
      })),
      ctx.origin,
    );
  });
}

async function notifyUsers(notes: { userId: number; title: string; url: string }[], origin: string) {
  for (let i = 0; i < notes.length; i += 10) {
    await Promise.all(notes.slice(i, i + 10).map((note) => createNotification({ ...note, origin })));
  }
}
