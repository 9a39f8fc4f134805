import { and, eq, ne } from "drizzle-orm";
import type { Translate } from "~/lib/translate";
import { getDb, schema } from "~/server/db/db.server";
import { createNotification } from "~/server/notifications.server";

/** What a route hands the events area for notifications: the origin and a translator. */
export type NotifyContext = { origin: string; t: Translate };

export type EventChange = "created" | "changed" | "cancelled";

const m = schema.communityMembers;
const e = schema.events;
const c = schema.communities;

/**
 * Tells the active members of an event's community, except whoever made the change, that an
 * event is new, changed or cancelled (decision 059). One notification per member through the
 * notifications service, so the header count and live delivery stay its business. Past a few
 * hundred members this belongs on a Queue (DESIGN §1 fan-out); a TODO for the lead.
 */
export async function notifyEventChange(eventId: number, change: EventChange, actorId: number, ctx: NotifyContext) {
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
  if (!event) return 0;
  const title = ctx.t(`events:notifications.${change}`, { title: event.title, community: event.community });
  await notifyUsers(
    members.map((member) => member.userId),
    title,
    `/calendar/events/${eventId}`,
    ctx.origin,
  );
  return members.length;
}

/** Those who moved up from the waiting list (decision 058). */
export async function notifyPromoted(eventId: number, userIds: number[], ctx: NotifyContext) {
  if (userIds.length === 0) return;
  const [event] = await getDb().select({ title: e.title }).from(e).where(eq(e.id, eventId));
  if (!event) return;
  await notifyUsers(
    userIds,
    ctx.t("events:notifications.promoted", { title: event.title }),
    `/calendar/events/${eventId}`,
    ctx.origin,
  );
}

async function notifyUsers(userIds: number[], title: string, url: string, origin: string) {
  for (let i = 0; i < userIds.length; i += 10) {
    await Promise.all(userIds.slice(i, i + 10).map((userId) => createNotification({ userId, title, url, origin })));
  }
}
