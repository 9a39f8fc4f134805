import { consumeJobs, type JobHandlers } from "../app/server/queue/consume.server";
import type { Job } from "../app/server/queue/queue.server";

/**
 * Every kind of job and its handler (decision 165). A kind declared in `QueueKinds` without a
 * handler here fails to compile. Each handler's module is imported on first use, like the app's.
 */
const handlers: JobHandlers = {
  mail: async (body, job) => (await import("../app/server/mail/mail.server")).deliverMailJob(body, job),
  // Frames that reached no socket become Web Push jobs (decision 136).
  frames: async (body) => {
    const missed = await (await import("../app/server/realtime/realtime.server")).publishFramesJob(body);
    if (missed.length > 0) (await push()).pushMissedFrames(missed);
  },
  push: async (body) => (await push()).sendPushJob(body),
  // Notification email (decision 169): rendered per recipient, then handed to `mail` jobs.
  noticeMail: async (body, job) => {
    await (await import("../app/server/notifications/mail-jobs.server")).sendNoticeMails(body, job);
  },
  // Daily and weekly digests, a slice of the people due this hour each (decision 171).
  digests: async (body) => {
    await (await import("../app/server/notifications/digest-jobs.server")).sendDigestJob(body);
  },
  notices: async (body, job) =>
    (await import("../app/server/notifications/notice-jobs.server")).storeNoticesJob(body, job),
  newPost: async (body) => {
    await (await import("../app/server/content/fan-out.server")).fanOutNewPost(body);
  },
  // A large community's banners, and pushes to members who chose posts right away (decision 183).
  newPostFrames: async (body) => (await import("../app/server/content/fan-out.server")).publishNewPostFrames(body),
  commentNotices: async (body, job) => {
    const { commentNotices } = await import("../app/server/content/content-notifications.server");
    await (await notifier()).noticeHandler(commentNotices)(body, job);
  },
  likeNotice: async (body, job) => {
    const { likeNotice } = await import("../app/server/content/content-notifications.server");
    await (await notifier()).noticeHandler(likeNotice)(body, job);
  },
  eventChangeNotices: async (body, job) => {
    const { eventChangeNotices } = await import("../app/server/events/event-notifications.server");
    await (await notifier()).noticeHandler(eventChangeNotices)(body, job);
  },
  promotedNotices: async (body, job) => {
    const { promotedNotices } = await import("../app/server/events/event-notifications.server");
    await (await notifier()).noticeHandler(promotedNotices)(body, job);
  },
  joinRequestNotices: async (body, job) => {
    const { joinRequestNotices } = await import("../app/server/communities/community-notifications.server");
    await (await notifier()).noticeHandler(joinRequestNotices)(body, job);
  },
  memberNotice: async (body, job) => {
    const { memberNotice } = await import("../app/server/communities/community-notifications.server");
    await (await notifier()).noticeHandler(memberNotice)(body, job);
  },
  rosterInvite: async (body, job) =>
    (await import("../app/server/invitations/roster-mail.server")).deliverRosterInvitation(body, job),
  dataExport: async (body, job) => {
    const { buildExport } = await import("../app/server/exports/build-export.server");
    await (await notifier()).noticeHandler(buildExport)(body, job);
  },
};

const push = () => import("../app/server/notifications/push.server");
const notifier = () => import("../app/server/notifications/notifier.server");

/** The JOBS queue's consumer: `retryBase` (seconds) is for the tests, which cannot wait minutes. */
export function runJobs(batch: MessageBatch<Job>, retryBase?: number) {
  return consumeJobs(batch, handlers, retryBase);
}
