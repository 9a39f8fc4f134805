import { and, eq, type SQLWrapper } from "drizzle-orm";
import { absoluteNotificationUrl } from "~/lib/notification-url";
import type { NotificationData } from "~/realtime/protocol";
import { getDb, schema } from "~/server/db/db.server";
import { publishToUser } from "~/server/realtime/realtime.server";

/**
 * What the notification services share: the row as clients see it, how a title names a person,
 * the unread total and the frame that tells a user's open sockets (SPEC §3, §4). The service is
 * notifications.server.ts; writes inside another service's batch are notification-writes.server.ts.
 */
/** A notification as clients see it (SPEC §3). */
export type Notification = Pick<NotificationData, "oid" | "title" | "seen" | "url" | "createdAt">;

export const n = schema.notifications;
export const columns = { oid: n.oid, title: n.title, seen: n.seen, url: n.url, createdAt: n.createdAt };
export const mine = (userId: number | SQLWrapper) => and(eq(n.userId, userId), eq(n.deleted, false));

export type CreateNotificationInput = {
  userId: number;
  title: string;
  /** Who the title names: see `titleBy`. */
  actor?: NotificationActor;
  /** A full URL, or a path completed with `origin` (SPEC §3 stores full URLs). */
  url: string;
  /** The app's origin, e.g. `new URL(request.url).origin`; needed when `url` is a path. */
  origin?: string;
  oid?: string;
  now?: number;
};

/** Stands for the actor's name in `actor_title` (a private-use character, never typed in a name). */
export const ACTOR_MARK = "\u{E000}";

/** The person a title names, and the title with their name left open (ACTOR_MARK). */
export type NotificationActor = { id: number; title: string };

/**
 * A title that names a person ("Ana sent you a friend request"). Stored with the name left
 * open as well, so that deleting Ana's account rewrites it to "Unknown User" (SPEC §2,
 * decision 070) with one UPDATE, page and API alike. Spread it into the input:
 * `createNotification({ userId, ...titleBy(viewer, (name) => t("…", { name })), url })`.
 */
export function titleBy(person: { id: number; name: string }, render: (name: string) => string) {
  return { title: render(person.name), actor: { id: person.id, title: render(ACTOR_MARK) } };
}

export function newNotification(input: CreateNotificationInput): Notification {
  return {
    oid: input.oid ?? crypto.randomUUID(),
    title: input.title,
    url: absoluteNotificationUrl(input.url, input.origin),
    seen: false,
    createdAt: input.now ?? Date.now(),
  };
}

/**
 * The user's unread total: one row of `unread_counts`, which triggers keep equal to the count of
 * their notifications with seen = 0 AND deleted = 0 (decision 190). Read after a write in the
 * same batch, it already counts that write.
 */
export function unreadQuery(userId: number | SQLWrapper) {
  const counts = schema.unreadCounts;
  return getDb().select({ value: counts.notifications }).from(counts).where(eq(counts.userId, userId));
}

/** The same total inside SQL, for the row of `notifications` aliased `alias`. */
export const unreadOfRowSql = (alias: string) =>
  `coalesce((SELECT c.notifications FROM unread_counts c WHERE c.user_id = ${alias}.user_id), 0)`;

export function unreadOf(result: unknown) {
  return (result as { value: number }[])[0]?.value ?? 0;
}

export function byOldest(a: Notification, b: Notification) {
  return a.createdAt - b.createdAt || (a.oid < b.oid ? -1 : 1);
}

export function publish(
  userId: number,
  notification: Notification,
  extra: Pick<NotificationData, "unreadCount" | "deleted">,
) {
  return publishToUser(userId, { messageType: "notification", data: { ...notification, ...extra } });
}
