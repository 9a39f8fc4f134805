import { and, count, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { absoluteNotificationUrl } from "~/lib/notification-url";
import type { NotificationData } from "~/realtime/protocol";
import { type BatchPart, batchPart, runBatch } from "~/server/db/batch.server";
import { type Cursor, decodeCursor, olderThan, pageOf } from "~/server/db/cursor";
import { getDb, schema } from "~/server/db/db.server";
import { rawAll } from "~/server/db/raw.server";
import { reusableQuery } from "~/server/db/reusable.server";
import { publishToUser } from "~/server/realtime/realtime.server";
import { type Actor, currentTokenQuery, tokenIsCurrent } from "~/server/users/session-user.server";

/** A notification as clients see it (SPEC §3). */
export type Notification = Pick<NotificationData, "oid" | "title" | "seen" | "url" | "createdAt">;

/** The header dropdown shows this many, newest first (SPEC §2). */
export const NOTIFICATION_MENU_SIZE = 10;
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

const n = schema.notifications;
const columns = { oid: n.oid, title: n.title, seen: n.seen, url: n.url, createdAt: n.createdAt };
const mine = (userId: number | SQLWrapper) => and(eq(n.userId, userId), eq(n.deleted, false));

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
  queries: [BatchItem<"sqlite">, BatchItem<"sqlite">];
  deliver: (results: unknown[]) => Promise<void>;
};

/** Inserts the notification only when `when` holds inside the batch (say, the friendship row now exists). */
export function notificationInsert(input: CreateNotificationInput, when: SQL = sql`1`): NotificationWrite {
  const notification = newNotification(input);
  const insert = rawAll<{ oid: string }>(sql`
    INSERT OR IGNORE INTO notifications (oid, user_id, title, url, seen, deleted, created_at, actor_id, actor_title)
    SELECT ${notification.oid}, ${input.userId}, ${notification.title}, ${notification.url}, 0, 0,
      ${notification.createdAt}, ${input.actor?.id ?? null}, ${input.actor?.title ?? null}
    WHERE ${when}
    RETURNING oid`);
  return {
    queries: [insert, unreadQuery(input.userId)],
    async deliver([inserted, unread]) {
      if ((inserted as unknown[]).length === 0) return;
      await publish(input.userId, notification, { unreadCount: unreadOf(unread) });
    },
  };
}

/** Marks one of the user's notifications read when `when` holds inside the batch. */
export function notificationSeen(userId: number, oid: string, when: SQL = sql`1`): NotificationWrite {
  const update = getDb()
    .update(n)
    .set({ seen: true })
    .where(and(mine(userId), eq(n.oid, oid), eq(n.seen, false), when))
    .returning(columns);
  return {
    queries: [update, unreadQuery(userId)],
    async deliver([changed, unread]) {
      for (const row of changed as Notification[]) await publish(userId, row, { unreadCount: unreadOf(unread) });
    },
  };
}

/** Removes one of the user's notifications when `when` holds; open clients drop it (SPEC §4). */
export function notificationRemoval(userId: number, oid: string, when: SQL = sql`1`): NotificationWrite {
  const update = getDb()
    .update(n)
    .set({ deleted: true })
    .where(and(mine(userId), eq(n.oid, oid), when))
    .returning(columns);
  return {
    queries: [update, unreadQuery(userId)],
    async deliver([removed, unread]) {
      for (const row of removed as Notification[]) {
        await publish(userId, row, { unreadCount: unreadOf(unread), deleted: true });
      }
    },
  };
}

function newNotification(input: CreateNotificationInput): Notification {
  return {
    oid: input.oid ?? crypto.randomUUID(),
    title: input.title,
    url: absoluteNotificationUrl(input.url, input.origin),
    seen: false,
    createdAt: input.now ?? Date.now(),
  };
}

/** Stores a notification, then tells the user's open sockets (SPEC §4: it goes first). */
export async function createNotification(input: CreateNotificationInput): Promise<Notification> {
  const notification = newNotification(input);
  const db = getDb();
  const [, unread] = await db.batch([
    db.insert(n).values({
      ...notification,
      userId: input.userId,
      actorId: input.actor?.id ?? null,
      actorTitle: input.actor?.title ?? null,
    }),
    unreadQuery(input.userId),
  ]);
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
  return batchPart([rowsQuery, unreadQuery(userId)], ([rowsResult, unreadResult]) => {
    const page = pageOf(rowsResult as Notification[], limit, (row) => ({ createdAt: row.createdAt, id: row.oid }));
    const unread = unreadResult as { value: number }[];
    return { data: page.data, unreadCount: unread[0]?.value ?? 0, nextCursor: page.nextCursor };
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
const menuRowsQuery = reusableQuery<{ userId: number }>(() =>
  getDb()
    .select(columns)
    .from(n)
    .where(mine(sql.placeholder("userId")))
    .orderBy(desc(n.createdAt), desc(n.oid))
    .limit(NOTIFICATION_MENU_SIZE + 1),
);
const menuUnreadQuery = reusableQuery<{ userId: number }>(() => unreadQuery(sql.placeholder("userId")));

/** The header dropdown's data: the first page and the unread total, as one batch part. */
export function notificationMenuPart(userId: number): BatchPart<NotificationPage> {
  const limit = NOTIFICATION_MENU_SIZE;
  return batchPart([menuRowsQuery({ userId }), menuUnreadQuery({ userId })], ([rowsResult, unreadResult]) => {
    const page = pageOf(rowsResult as Notification[], limit, (row) => ({ createdAt: row.createdAt, id: row.oid }));
    return { data: page.data, unreadCount: unreadOf(unreadResult), nextCursor: page.nextCursor };
  });
}

export async function countUnreadNotifications(userId: number) {
  const [row] = await unreadQuery(userId);
  return row?.value ?? 0;
}

export type MarkResult = { status: "ok"; notification: Notification; unreadCount: number } | { status: "not_found" };

/**
 * SPEC §4: marking read sets seen, matched by oid. Only the owner can: someone else's oid
 * answers exactly like an unknown one, so oids cannot be probed. One round trip: the token's
 * revocation is checked in the batch and guards the update (decision 042).
 */
export async function markNotificationRead(actor: Actor, oid: string): Promise<MarkResult | { status: "revoked" }> {
  const db = getDb();
  const seen = notificationSeen(actor.id, oid, tokenIsCurrent(actor.id, actor.tokenVersion));
  const [current, before, ...results] = await db.batch([
    currentTokenQuery(actor.id, actor.tokenVersion),
    db
      .select(columns)
      .from(n)
      .where(and(mine(actor.id), eq(n.oid, oid))),
    ...seen.queries,
  ]);
  if (current.length === 0) return { status: "revoked" };
  if (!before[0]) return { status: "not_found" };
  await seen.deliver(results);
  return { status: "ok", notification: { ...before[0], seen: true }, unreadCount: unreadOf(results[1]) };
}

/** SPEC §4 mark-all: everything becomes read; the answer's count (0) is the new total. */
export async function markAllNotificationsRead(
  actor: Actor,
): Promise<{ status: "ok"; unreadCount: number } | { status: "revoked" }> {
  const userId = actor.id;
  const db = getDb();
  // The token's revocation is checked in the same batch, and guards the update itself.
  const [current, menu, changed, unread] = await db.batch([
    currentTokenQuery(actor.id, actor.tokenVersion),
    db
      .select({ oid: n.oid })
      .from(n)
      .where(mine(userId))
      .orderBy(desc(n.createdAt), desc(n.oid))
      .limit(NOTIFICATION_MENU_SIZE),
    db
      .update(n)
      .set({ seen: true })
      .where(and(mine(userId), eq(n.seen, false), tokenIsCurrent(actor.id, actor.tokenVersion)))
      .returning(columns),
    unreadQuery(userId),
  ]);
  if (current.length === 0) return { status: "revoked" };
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
  const results = await getDb().batch(removal.queries);
  const notification = (results[0] as Notification[])[0];
  if (!notification) return { status: "not_found" };
  await removal.deliver(results);
  return { status: "ok", notification, unreadCount: unreadOf(results[1]) };
}

function unreadQuery(userId: number | SQLWrapper) {
  return getDb()
    .select({ value: count() })
    .from(n)
    .where(and(mine(userId), eq(n.seen, false)));
}

function unreadOf(result: unknown) {
  return (result as { value: number }[])[0]?.value ?? 0;
}

function byOldest(a: Notification, b: Notification) {
  return a.createdAt - b.createdAt || (a.oid < b.oid ? -1 : 1);
}

function publish(userId: number, notification: Notification, extra: Pick<NotificationData, "unreadCount" | "deleted">) {
  return publishToUser(userId, { messageType: "notification", data: { ...notification, ...extra } });
}

/**
 * Notifications that another service writes inside its own batch, so the notification and the
 * write that causes it commit together (a message's recipients, decision 063). `rows` is a
 * SELECT of `(oid, user_id, url)`, the url a full URL (SPEC §3) that SQL may build from ids the
 * same batch creates; every row gets the same title and time. The statement belongs in the
 * caller's `batchSql`; publish what it stored with `publishStoredNotifications`.
 */
export function insertNotificationsSql(rows: SQL, note: { title: string | SQL; createdAt: number }): SQL {
  return sql`INSERT INTO notifications (oid, user_id, title, url, seen, deleted, created_at)
    SELECT s.oid, s.user_id, ${note.title}, s.url, 0, 0, ${note.createdAt} FROM (${rows}) s`;
}

/** The stored rows whose oids `oids` (a SELECT of one column) names, each with its user's unread total. */
export function storedNotificationsSql(oids: SQL): SQL {
  return sql`SELECT n.oid, n.user_id AS userId, n.title, n.url, n.seen, n.created_at AS createdAt,
      (SELECT count(*) FROM notifications x WHERE x.user_id = n.user_id AND x.deleted = 0 AND x.seen = 0) AS unreadCount
    FROM notifications n WHERE n.oid IN (${oids})`;
}

export type StoredNotification = Notification & { userId: number; unreadCount: number };

/** After the caller's batch committed: each stored notification to its user's open sockets. */
export async function publishStoredNotifications(rows: StoredNotification[]) {
  await Promise.all(
    rows.map(({ userId, unreadCount, ...row }) =>
      publish(userId, { ...row, seen: Boolean(row.seen) }, { unreadCount: Number(unreadCount) }),
    ),
  );
}
