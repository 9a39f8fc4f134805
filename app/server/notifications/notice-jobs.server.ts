import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import type { JobContext } from "~/server/queue/consume.server";
import { enqueue } from "~/server/queue/queue.server";
import { publishFramesJob } from "~/server/realtime/realtime.server";
import { type CreateNotificationInput, unreadOfRowSql } from "./notification-rows.server";
import { notificationInsert, type StoredNotification, storedNotificationFrames } from "./notification-writes.server";
import { notificationOrigin, withRequestOrigin } from "./origin.server";
import { pushMissedFrames } from "./push.server";

/**
 * Notifications stored by the queue's consumer (decision 165). Each has an oid fixed before it
 * is first written (the job's key and its place), and the insert ignores an oid it already
 * has: a job delivered twice stores each notification once. Its sockets hear of it in the
 * same job; a retry tells them again only of notifications still unread and not removed,
 * which clients merge by oid (SPEC §4).
 */
export type StoredNotice = Omit<CreateNotificationInput, "origin"> & { oid: string };

/** A job stores this many (one D1 batch); a longer list is split into jobs of its own. */
export const NOTICES_PER_JOB = 50;

export type NoticesJob = { origin: string; notices: StoredNotice[] };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    notices: NoticesJob;
  }
}

/** Notices found by a job: oids from its key, stored now or, for many, split into jobs. */
export async function storeNotices(notices: Omit<CreateNotificationInput, "origin">[], key: string) {
  const fixed = notices.map((notice, index) => ({ ...notice, oid: notice.oid ?? `${key}-${index}` }));
  if (fixed.length <= NOTICES_PER_JOB) return storeNoticeBatch(fixed);
  for (let start = 0; start < fixed.length; start += NOTICES_PER_JOB) {
    const part = fixed.slice(start, start + NOTICES_PER_JOB);
    enqueue("notices", { origin: notificationOrigin(), notices: part }, `${key}-part${start / NOTICES_PER_JOB}`);
  }
}

/** The queue's handler for a part of a long list. */
export function storeNoticesJob({ origin, notices }: NoticesJob, _job: JobContext) {
  return withRequestOrigin(origin, () => storeNoticeBatch(notices));
}

/** One D1 batch: every insert, then the rows still unread with their users' unread totals; then their sockets. */
async function storeNoticeBatch(notices: StoredNotice[]) {
  if (notices.length === 0) return;
  const origin = notificationOrigin();
  const inserts = Object.fromEntries(
    notices.map((notice, index) => [`insert${index}`, notificationInsert({ ...notice, origin }).queries.notification]),
  );
  const oids = sql.join(
    notices.map((notice) => sql`${notice.oid}`),
    sql`, `,
  );
  const { stored } = await batch({
    ...inserts,
    stored: sqlRows<StoredNotification>(sql`SELECT n.oid, n.user_id AS userId, n.title, n.url, n.seen,
        n.created_at AS createdAt,
        ${sql.raw(unreadOfRowSql("n"))} AS unreadCount
      FROM notifications n WHERE n.oid IN (${oids}) AND n.deleted = 0 AND n.seen = 0`),
  });
  // Who has no socket open gets a push instead (decision 136); the tag (the oid) makes a retried
  // job's second push replace the first on the device.
  pushMissedFrames(await publishFramesJob({ frames: storedNotificationFrames(stored) }));
}
