import { and, eq, isNotNull, sql } from "drizzle-orm";
import { eventHref } from "~/lib/calendar/links";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { eventChangeOid } from "~/server/notifications/digest-items.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import { type Notice, type NoticeJob, noticeText, notifyLater } from "~/server/notifications/notifier.server";
import type { JobContext } from "~/server/queue/consume.server";
import type { Promotion } from "./rsvp.server";

export type EventChange = "created" | "changed" | "cancelled";

const e = schema.events;
const c = schema.communities;
const x = schema.eventExceptions;

type ChangeJob = { eventId: number; change: EventChange; actorId: number };
type PromotedJob = { eventId: number; promoted: Promotion[] };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    eventChangeNotices: NoticeJob<ChangeJob>;
    promotedNotices: NoticeJob<PromotedJob>;
  }
}

/**
 * Tells the active members of an event's community, except whoever made the change, that an
 * event is new, changed or cancelled (decision 059); and those who answered it (going, maybe,
 * waiting) and have left the community since, while they may still see the event (an open
 * community, a followed school: decision 056), so a cancelled date never surprises them
 * (decision 184). One notification per member through the
 * one notifier, after the response (decision 119), so the action stays one round trip; a job
 * on the queue (decision 165), which splits a large community's notices into jobs of their own.
 */
export function notifyEventChange(eventId: number, change: EventChange, actorId: number) {
  notifyLater("eventChangeNotices", { eventId, change, actorId });
}

export async function eventChangeNotices(
  { eventId, change, actorId }: ChangeJob,
  job?: JobContext,
): Promise<Notice[] | undefined> {
  const db = getDb();
  const { events, members } = await batch({
    events: db
      .select({ title: e.title, community: c.name })
      .from(e)
      .innerJoin(c, eq(c.id, e.communityId))
      .where(eq(e.id, eventId)),
    members: sqlRows<{ userId: number }>(sql`
      SELECT m.user_id AS userId FROM community_members m JOIN events e ON e.community_id = m.community_id
      WHERE e.id = ${eventId} AND m.status = 'active' AND m.user_id != ${actorId}
      UNION
      SELECT r.user_id FROM event_rsvps r JOIN events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id
      WHERE r.event_id = ${eventId} AND r.status != 'not_going' AND r.user_id != ${actorId}
        AND (c.join_policy = 'open'
          OR EXISTS (SELECT 1 FROM school_follows f WHERE f.user_id = r.user_id AND f.school_id = c.school_id))`),
  });
  const event = events[0];
  if (!event) return;
  const title = noticeText(`events:notifications.${change}`, { title: event.title, community: event.community });
  // Email to those who chose it (decision 169); keyed by the job, so a job run twice mails once.
  mailLater(
    { kind: "events", eventId, change, path: eventHref(eventId) },
    members.map((member) => member.userId),
    job?.key,
  );
  // The oid names the event: a digest lists the changes whose notification is still unseen (decision 184).
  return members.map((member) => ({
    userId: member.userId,
    title,
    url: eventHref(eventId),
    ...(job ? { oid: eventChangeOid(eventId, job.key, member.userId) } : {}),
  }));
}

/**
 * Those who moved up from a waiting list (decision 058), each told the date they now go to
 * (where it was moved to, if it was), in the event's zone (the server does not know theirs),
 * linked to that date.
 */
export function notifyPromoted(eventId: number, promoted: Promotion[]) {
  if (promoted.length === 0) return;
  notifyLater("promotedNotices", { eventId, promoted });
}

export async function promotedNotices({ eventId, promoted }: PromotedJob): Promise<Notice[] | undefined> {
  const db = getDb();
  const { events, moves } = await batch({
    events: db.select({ title: e.title, allDay: e.allDay, timeZone: e.timeZone }).from(e).where(eq(e.id, eventId)),
    moves: db
      .select({ occurrenceStart: x.occurrenceStart, startsAt: x.startsAt })
      .from(x)
      .where(and(eq(x.eventId, eventId), isNotNull(x.startsAt))),
  });
  const event = events[0];
  if (!event) return;
  const timeZone = event.allDay ? "UTC" : event.timeZone;
  const movedTo = new Map(moves.map((move) => [move.occurrenceStart, move.startsAt]));
  return promoted.map(({ userId, occurrenceStart }) => ({
    userId,
    title: noticeText("events:notifications.promoted", {
      title: event.title,
      date: movedTo.get(occurrenceStart) ?? occurrenceStart,
      formatParams: { date: { weekday: "long", month: "long", day: "numeric", timeZone } },
    }),
    url: eventHref(eventId, occurrenceStart),
  }));
}
