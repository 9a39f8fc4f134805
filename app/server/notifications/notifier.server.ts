import { waitUntil } from "cloudflare:workers";
import { type BatchPart, batchPart } from "~/server/db/batch.server";
import { afterResponse } from "~/server/db/round-trips.server";
import { apiTranslator, type Translate } from "~/server/http/json.server";
import type { CreateNotificationInput } from "./notification-rows.server";
import {
  type NotificationWrite,
  publishStoredNotifications,
  type StoredNotification,
} from "./notification-writes.server";
import { createNotification } from "./notifications.server";
import { notificationOrigin } from "./origin.server";

/**
 * The one way a change becomes notifications (issue 20, decision 119). A service makes its
 * change and answers what happened; what it caused goes through here, never through a route:
 *
 * - in the change's own batch, where the notification must commit with it (a friend request,
 *   a message): the service adds `NotificationWrite`s to its batch, then `deliverAfterCommit`;
 * - after the response, where it need not (a comment, a like, an event changed): the service
 *   calls `notifyAfterResponse` with the work that finds who to tell.
 *
 * Either way the sockets hear of it off the request path (`waitUntil`), and nobody hands the
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
 * After a batch that held these writes (`noticeParts`) committed: each one's sockets, off the
 * request path. `results` are the batch's results, read by the parts' names.
 */
export function deliverAfterCommit(writes: NotificationWrite[], results: Record<string, unknown>) {
  if (writes.length === 0) return;
  later(() => Promise.all(writes.map((write, index) => write.deliver(results[`notice${index}`] as NoticeResults))));
}

/** After a batch that stored these rows (`storedNotificationsSql`) committed: their sockets, off the request path. */
export function publishAfterCommit(rows: StoredNotification[]) {
  if (rows.length > 0) later(() => publishStoredNotifications(rows));
}

/** Stores notices and tells their sockets, ten at a time. */
export async function storeNotices(notices: Notice[]) {
  for (let i = 0; i < notices.length; i += 10) {
    await Promise.all(notices.slice(i, i + 10).map((notice) => createNotification(withOrigin(notice))));
  }
}

/**
 * Runs after the response: `work` reads who to tell and stores what it returns, or stores by
 * itself and returns nothing. A failure is logged, never thrown into the request.
 */
export function notifyAfterResponse(work: () => Promise<Notice[] | undefined>) {
  later(async () => {
    const notices = await work();
    if (notices) await storeNotices(notices);
  });
}

function later(work: () => Promise<unknown>) {
  waitUntil(
    afterResponse(work).catch((error) => {
      console.warn("notification failed", error);
    }),
  );
}
