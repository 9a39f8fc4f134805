import { and, eq, type SQL, sql } from "drizzle-orm";
import type { NotificationData, RealtimeFrame } from "~/realtime/protocol";
import { type Query, sqlRows } from "~/server/db/batch.server";
import { getDb } from "~/server/db/db.server";
import { publishToUser } from "~/server/realtime/realtime.server";
import {
  ACTOR_MARK,
  type CreateNotificationInput,
  columns,
  mine,
  type Notification,
  n,
  newNotification,
  unreadOf,
  unreadOfRowSql,
  unreadQuery,
} from "./notification-rows.server";

/** Notification writes that ride in another service's own batch (decisions 063, 070, 119). */
/** Every title naming this person now says `unknownName` instead: part of the account deletion's batch. */
export function forgetActorQuery(actorId: number, unknownName: string, when?: SQL) {
  return getDb()
    .update(n)
    .set({ title: sql`replace(${n.actorTitle}, ${ACTOR_MARK}, ${unknownName})`, actorId: null, actorTitle: null })
    .where(and(eq(n.actorId, actorId), when));
}

/**
 * A notification change for the caller's own `db.batch` (decision 070): a friend change and its
 * notification commit together or not at all. `deliver` gets the batch's results for these
 * queries and tells open sockets, after the commit (SPEC §4: stored first).
 */
export type NotificationWrite = {
  queries: { notification: Query; notificationUnread: Query };
  /** The frames the batch's results call for: the notifier sends them through the queue. */
  frames: (results: WriteResults) => UserFrame[];
  /** Sends those frames now (the user's own tabs, awaited by the request). */
  deliver: (results: WriteResults) => Promise<void>;
};

type WriteResults = { notification: unknown; notificationUnread: unknown };

/** A frame for one user's open sockets. */
export type UserFrame = { userId: number; frame: RealtimeFrame };

function writeOf(queries: NotificationWrite["queries"], frames: NotificationWrite["frames"]): NotificationWrite {
  return {
    queries,
    frames,
    async deliver(results) {
      for (const { userId, frame } of frames(results)) await publishToUser(userId, frame);
    },
  };
}

function frameOf(
  userId: number,
  notification: Notification,
  extra: Pick<NotificationData, "unreadCount" | "deleted">,
): UserFrame {
  return { userId, frame: { messageType: "notification", data: { ...notification, ...extra } } };
}

/** Inserts the notification only when `when` holds inside the batch (say, the friendship row now exists). */
export function notificationInsert(input: CreateNotificationInput, when: SQL = sql`1`): NotificationWrite {
  const notification = newNotification(input);
  const insert = sqlRows<{ oid: string }>(sql`
    INSERT OR IGNORE INTO notifications (oid, user_id, title, url, seen, deleted, created_at, actor_id, actor_title)
    SELECT ${notification.oid}, ${input.userId}, ${notification.title}, ${notification.url}, 0, 0,
      ${notification.createdAt}, ${input.actor?.id ?? null}, ${input.actor?.title ?? null}
    WHERE ${when}
    RETURNING oid`);
  return writeOf({ notification: insert, notificationUnread: unreadQuery(input.userId) }, (results) =>
    (results.notification as unknown[]).length === 0
      ? []
      : [frameOf(input.userId, notification, { unreadCount: unreadOf(results.notificationUnread) })],
  );
}

/** Marks one of the user's notifications read when `when` holds inside the batch. */
export function notificationSeen(userId: number, oid: string, when: SQL = sql`1`): NotificationWrite {
  const update = getDb()
    .update(n)
    .set({ seen: true })
    .where(and(mine(userId), eq(n.oid, oid), eq(n.seen, false), when))
    .returning(columns);
  return writeOf({ notification: update, notificationUnread: unreadQuery(userId) }, (results) =>
    (results.notification as Notification[]).map((row) =>
      frameOf(userId, row, { unreadCount: unreadOf(results.notificationUnread) }),
    ),
  );
}

/** Removes one of the user's notifications when `when` holds; open clients drop it (SPEC §4). */
export function notificationRemoval(userId: number, oid: string, when: SQL = sql`1`): NotificationWrite {
  const update = getDb()
    .update(n)
    .set({ deleted: true })
    .where(and(mine(userId), eq(n.oid, oid), when))
    .returning(columns);
  return writeOf({ notification: update, notificationUnread: unreadQuery(userId) }, (results) =>
    (results.notification as Notification[]).map((row) =>
      frameOf(userId, row, { unreadCount: unreadOf(results.notificationUnread), deleted: true }),
    ),
  );
}

/**
 * Notifications that another service writes inside its own batch, so the notification and the
 * write that causes it commit together (a message's recipients, decision 063). `rows` is a
 * SELECT of `(oid, user_id, url)`, the url a full URL (SPEC §3) that SQL may build from ids the
 * same batch creates; every row gets the same title and time. The statement belongs in the
 * caller's `batch` (as `sqlRun`); the notifier publishes what it stored (`publishAfterCommit`).
 */
export function insertNotificationsSql(rows: SQL, note: { title: string | SQL; createdAt: number }): SQL {
  return sql`INSERT INTO notifications (oid, user_id, title, url, seen, deleted, created_at)
    SELECT s.oid, s.user_id, ${note.title}, s.url, 0, 0, ${note.createdAt} FROM (${rows}) s`;
}

/** The stored rows whose oids `oids` (a SELECT of one column) names, each with its user's unread total. */
export function storedNotificationsSql(oids: SQL): SQL {
  return sql`SELECT n.oid, n.user_id AS userId, n.title, n.url, n.seen, n.created_at AS createdAt,
      ${sql.raw(unreadOfRowSql("n"))} AS unreadCount
    FROM notifications n WHERE n.oid IN (${oids})`;
}

export type StoredNotification = Notification & { userId: number; unreadCount: number };

/** The frames that tell each stored notification's user of it. */
export function storedNotificationFrames(rows: StoredNotification[]): UserFrame[] {
  return rows.map(({ userId, unreadCount, ...row }) =>
    frameOf(userId, { ...row, seen: Boolean(row.seen) }, { unreadCount: Number(unreadCount) }),
  );
}
