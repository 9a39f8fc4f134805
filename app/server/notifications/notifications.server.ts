import { and, desc, eq, sql } from "drizzle-orm";
import { type BatchPart, batch, batchPart, preparedQuery, runBatch, single } from "~/server/db/batch.server";
import { type Cursor, decodeCursor, olderThan, pageOf } from "~/server/db/cursor";
import { getDb } from "~/server/db/db.server";
import { type Actor, currentTokenQuery, requireCurrentToken, tokenIsCurrent } from "~/server/users/session-user.server";
import {
  byOldest,
  type CreateNotificationInput,
  columns,
  mine,
  type Notification,
  n,
  newNotification,
  publish,
  unreadOf,
  unreadQuery,
} from "./notification-rows.server";
import { notificationRemoval, notificationSeen } from "./notification-writes.server";

/** Notifications (SPEC §3, §4, §7): store one, list them, count, mark read, remove. */
/** The header dropdown shows this many, newest first (SPEC §2). */
export const NOTIFICATION_MENU_SIZE = 10;
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

/** Stores a notification, then tells the user's open sockets (SPEC §4: it goes first). */
export async function createNotification(input: CreateNotificationInput): Promise<Notification> {
  const notification = newNotification(input);
  const db = getDb();
  const { unread } = await batch({
    insert: db.insert(n).values({
      ...notification,
      userId: input.userId,
      actorId: input.actor?.id ?? null,
      actorTitle: input.actor?.title ?? null,
    }),
    unread: unreadQuery(input.userId),
  });
  await publish(input.userId, notification, { unreadCount: unreadOf(unread) });
  return notification;
}

/** Notifications page by (created_at, oid) through the shared cursor helper (~/server/db/cursor.ts). */
export type NotificationCursor = Cursor;
export { decodeCursor };

type NotificationPage = { data: Notification[]; unreadCount: number; nextCursor: string | null };

/** Newest first, with the unread total (SPEC §7 `GET notifications`), as one batch part. */
export function notificationPagePart(
  userId: number,
  options: { cursor?: NotificationCursor | null; limit?: number } = {},
): BatchPart<NotificationPage> {
  const limit = Math.min(Math.max(options.limit ?? NOTIFICATION_PAGE_SIZE, 1), NOTIFICATION_PAGE_MAX);
  const { cursor } = options;
  const after = olderThan(cursor, n.createdAt, n.oid);
  const rowsQuery = getDb()
    .select(columns)
    .from(n)
    .where(and(mine(userId), after))
    .orderBy(desc(n.createdAt), desc(n.oid))
    .limit(limit + 1);
  return batchPart({ rows: rowsQuery, unread: unreadQuery(userId) }, ({ rows, unread }) => {
    const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.oid }));
    return { data: page.data, unreadCount: unreadOf(unread), nextCursor: page.nextCursor };
  });
}

/** Newest first, with the unread total (SPEC §7 `GET notifications`): one round trip. */
export async function listNotifications(
  userId: number,
  options: { cursor?: NotificationCursor | null; limit?: number } = {},
) {
  const { page } = await runBatch({ page: notificationPagePart(userId, options) });
  return page;
}

/** The header dropdown's two statements: the same on every signed-in page, so built once (decision 079). */
const menuRowsQuery = preparedQuery(() =>
  getDb()
    .select(columns)
    .from(n)
    .where(mine(sql.placeholder("userId")))
    .orderBy(desc(n.createdAt), desc(n.oid))
    .limit(NOTIFICATION_MENU_SIZE + 1),
);
const menuUnreadQuery = preparedQuery(() => unreadQuery(sql.placeholder("userId")));

/** The header dropdown's data: the first page and the unread total, as one batch part. */
export function notificationMenuPart(userId: number): BatchPart<NotificationPage> {
  const limit = NOTIFICATION_MENU_SIZE;
  return batchPart({ rows: menuRowsQuery({ userId }), unread: menuUnreadQuery({ userId }) }, ({ rows, unread }) => {
    const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.oid }));
    return { data: page.data, unreadCount: unreadOf(unread), nextCursor: page.nextCursor };
  });
}

export async function countUnreadNotifications(userId: number) {
  const [row] = await single(unreadQuery(userId));
  return row?.value ?? 0;
}

export type MarkResult = { status: "ok"; notification: Notification; unreadCount: number } | { status: "not_found" };

/**
 * SPEC §4: marking read sets seen, matched by oid. Only the owner can: someone else's oid
 * answers exactly like an unknown one, so oids cannot be probed. One round trip: the token's
 * revocation is checked in the batch and guards the update (decision 042).
 */
export async function markNotificationRead(actor: Actor, oid: string): Promise<MarkResult> {
  const db = getDb();
  const seen = notificationSeen(actor.id, oid, tokenIsCurrent(actor.id, actor.tokenVersion));
  const { current, before, ...results } = await batch({
    current: currentTokenQuery(actor.id, actor.tokenVersion),
    before: db
      .select(columns)
      .from(n)
      .where(and(mine(actor.id), eq(n.oid, oid))),
    ...seen.queries,
  });
  requireCurrentToken(current);
  if (!before[0]) return { status: "not_found" };
  await seen.deliver(results);
  return {
    status: "ok",
    notification: { ...before[0], seen: true },
    unreadCount: unreadOf(results.notificationUnread),
  };
}

/** SPEC §4 mark-all: everything becomes read; the answer's count (0) is the new total. */
export async function markAllNotificationsRead(actor: Actor): Promise<{ status: "ok"; unreadCount: number }> {
  const userId = actor.id;
  const db = getDb();
  // The token's revocation is checked in the same batch, and guards the update itself.
  const { current, menu, changed, unread } = await batch({
    current: currentTokenQuery(actor.id, actor.tokenVersion),
    menu: db
      .select({ oid: n.oid })
      .from(n)
      .where(mine(userId))
      .orderBy(desc(n.createdAt), desc(n.oid))
      .limit(NOTIFICATION_MENU_SIZE),
    changed: db
      .update(n)
      .set({ seen: true })
      .where(and(mine(userId), eq(n.seen, false), tokenIsCurrent(actor.id, actor.tokenVersion)))
      .returning(columns),
    unread: unreadQuery(userId),
  });
  requireCurrentToken(current);
  const unreadCount = unreadOf(unread);
  // Open clients hold the first page; a frame for anything older would be prepended as new
  // (SPEC §4), so only the first page's changes go out, oldest first, each with the total.
  const shown = new Set(menu.map((row) => row.oid));
  const updates = changed.filter((row) => shown.has(row.oid)).sort(byOldest);
  for (const row of updates) await publish(userId, row, { unreadCount });
  return { status: "ok", unreadCount };
}

/** Removes a notification; open clients drop it (SPEC §4 "removes it if flagged deleted"). */
export async function deleteNotification(userId: number, oid: string): Promise<MarkResult> {
  const removal = notificationRemoval(userId, oid);
  const results = await batch(removal.queries);
  const notification = (results.notification as Notification[])[0];
  if (!notification) return { status: "not_found" };
  await removal.deliver(results);
  return { status: "ok", notification, unreadCount: unreadOf(results.notificationUnread) };
}
