import { inArray } from "drizzle-orm";
import { type BatchPart, batchPart, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { apiTranslator, type Translate } from "~/server/http/json.server";
import type { JobContext } from "~/server/queue/consume.server";
import { enqueue, type JobKind, type QueueKinds } from "~/server/queue/queue.server";
import { publishLater } from "~/server/realtime/realtime.server";
import { storeNotices } from "./notice-jobs.server";
import type { CreateNotificationInput } from "./notification-rows.server";
import {
  type NotificationWrite,
  type StoredNotification,
  storedNotificationFrames,
} from "./notification-writes.server";
import { notificationOrigin, withRequestOrigin } from "./origin.server";

/**
 * The one way a change becomes notifications (issue 20, decision 119). A service makes its
 * change and answers what happened; what it caused goes through here, never through a route:
 *
 * - in the change's own batch, where the notification must commit with it (a friend request,
 *   a message): the service adds `NotificationWrite`s to its batch, then `deliverAfterCommit`;
 * - after the response, where it need not (a comment, a like, an event changed): the service
 *   calls `notifyLater` with a job (ids) whose handler, in the queue's consumer, finds who to tell.
 *
 * Either way the sockets hear of it off the request path, through the queue (decision 165),
 * so nothing is lost when an isolate goes away; and nobody hands the
 * service a translator or an origin: titles are stored text, read by their recipients, so
 * they are written in the server's language (English, the only one), and URLs start with the
 * request's origin (`notificationOrigin`).
 */

/** A notification to store: its path becomes a full URL with the request's origin. */
export type Notice = Omit<CreateNotificationInput, "origin">;

/** Translates a notification's title (full "namespace:key" keys). */
export const noticeText: Translate = (key, values) => apiTranslator()(key, values);

/** The input `notificationInsert` and its kin take, with the request's origin filled in. */
export function withOrigin(notice: Notice): CreateNotificationInput {
  return { ...notice, origin: notificationOrigin() };
}

/** The writes as named parts of the caller's batch (`notice0`, `notice1`…): spread them into it. */
export function noticeParts(writes: NotificationWrite[]): Record<string, BatchPart<NoticeResults>> {
  return Object.fromEntries(writes.map((write, index) => [`notice${index}`, batchPart(write.queries, (own) => own)]));
}

type NoticeResults = Parameters<NotificationWrite["deliver"]>[0];

/**
 * After a batch that held these writes (`noticeParts`) committed: each one's sockets, through
 * the queue. `results` are the batch's results, read by the parts' names.
 */
export function deliverAfterCommit(writes: NotificationWrite[], results: Record<string, unknown>) {
  publishLater(writes.flatMap((write, index) => write.frames(results[`notice${index}`] as NoticeResults)));
}

/** After a batch that stored these rows (`storedNotificationsSql`) committed: their sockets, through the queue. */
export function publishAfterCommit(rows: StoredNotification[]) {
  publishLater(storedNotificationFrames(rows));
}

/**
 * Where no request waits for an answer (the hourly Cron Trigger): the notices stored now, in one
 * batch, each under its oid (made from `key` where it has none), so a repeated run stores each
 * once; their sockets, or a push where none is open, are told as after any job.
 */
export function notifyNow(notices: Notice[], key: string) {
  return storeNotices(notices, key);
}

/** Of these oids, the ones stored already: a run that repeats (the cron) tells and mails nobody twice. */
export async function storedOids(oids: string[]): Promise<Set<string>> {
  if (oids.length === 0) return new Set();
  const n = schema.notifications;
  const rows = await single(getDb().select({ oid: n.oid }).from(n).where(inArray(n.oid, oids)));
  return new Set(rows.map((row) => row.oid));
}

/** A job that finds who to tell: its kind's body, and the origin their URLs start with. */
export type NoticeJob<Body> = Body & { origin: string };

/**
 * After the response, durably (decision 165): the job `kind` (declared by the calling area,
 * with a handler in `workers/queue.ts` made by `noticeHandler`) reads who to tell in the
 * consumer. Bodies are ids, never closures.
 */
export function notifyLater<K extends JobKind>(kind: K, body: Omit<QueueKinds[K], "origin">) {
  enqueue(kind, { ...body, origin: notificationOrigin() } as unknown as QueueKinds[K]);
}

/**
 * A queue handler from a function that finds who to tell: it runs with the job's origin, and
 * what it answers is stored under oids made from the job's key, so a job delivered twice
 * stores each notification once. It may store by itself and answer nothing.
 */
export function noticeHandler<Body>(find: (body: NoticeJob<Body>, job: JobContext) => Promise<Notice[] | undefined>) {
  return (body: NoticeJob<Body>, job: JobContext) =>
    withRequestOrigin(body.origin, async () => {
      const notices = await find(body, job);
      if (notices) await storeNotices(notices, job.key);
    });
}
