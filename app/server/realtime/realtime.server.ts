import { env } from "cloudflare:workers";
import { type RealtimeFrame, SESSION_ENDED_CLOSE } from "~/realtime/protocol";
import { enqueue } from "~/server/queue/queue.server";

/**
 * Services call these AFTER their D1 write has committed (DESIGN §1). Delivery is best
 * effort: the write already happened and the data is in D1, so a hub that cannot be reached
 * is logged and never fails the caller. Awaited rather than left to waitUntil so frames to
 * one user leave in the order the writes happened.
 */
export async function publishToUser(userId: number, frame: RealtimeFrame): Promise<number> {
  try {
    return await hub(userId).publish(frame);
  } catch (error) {
    console.warn(`realtime: could not publish ${frame.messageType} to user ${userId}`, error);
    return 0;
  }
}

/** One frame to several users (a conversation's participants, say), in parallel. */
export async function publishToUsers(userIds: Iterable<number>, frame: RealtimeFrame): Promise<number> {
  const results = await Promise.all([...new Set(userIds)].map((userId) => publishToUser(userId, frame)));
  return results.reduce((sum, delivered) => sum + delivered, 0);
}

/**
 * Ends the user's open sockets when a sign-in ends (decision 042). Best effort like publishing:
 * the tokens are already revoked in D1, so a socket that escapes this cannot reconnect.
 */
export async function closeUserSockets(userId: number): Promise<number> {
  try {
    return await hub(userId).closeAll(SESSION_ENDED_CLOSE, "session ended");
  } catch (error) {
    console.warn(`realtime: could not close the sockets of user ${userId}`, error);
    return 0;
  }
}

/** The user's UserHub: one per user, named by the id. */
export function hub(userId: number) {
  return env.USER_HUB.get(env.USER_HUB.idFromName(String(userId)));
}

/** Frames for users' open sockets, delivered by the queue (decision 165). */
export type FramesJob = { frames: { userId: number; frame: RealtimeFrame }[] };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    frames: FramesJob;
  }
}

/** Hubs one job calls: well under a Worker's subrequest limit (decision 048). */
export const FRAMES_PER_JOB = 100;

/**
 * Frames that must reach their sockets even if this isolate goes away (a notification, a new
 * post's banner): on the queue, FRAMES_PER_JOB to a job. Each user's frames keep their order.
 * Every frame says what it is about (a notification's oid, a post's id), so a retried job that
 * delivers one twice changes nothing on the client.
 */
export function publishLater(frames: FramesJob["frames"]) {
  for (let start = 0; start < frames.length; start += FRAMES_PER_JOB) {
    enqueue("frames", { frames: frames.slice(start, start + FRAMES_PER_JOB) });
  }
}

/**
 * The queue's handler: every user's frames in order, users in parallel; any hub that failed
 * fails the job. Answers the frames that reached no open socket (Web Push takes those).
 */
export async function publishFramesJob({ frames }: FramesJob): Promise<FramesJob["frames"]> {
  const byUser = new Map<number, FramesJob["frames"]>();
  for (const one of frames) byUser.set(one.userId, [...(byUser.get(one.userId) ?? []), one]);
  const missed: FramesJob["frames"] = [];
  const results = await Promise.allSettled(
    [...byUser].map(async ([userId, own]) => {
      for (const one of own) if ((await hub(userId).publish(one.frame)) === 0) missed.push(one);
    }),
  );
  const failed = results.filter((result) => result.status === "rejected");
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((result) => result.reason),
      "realtime: hubs failed",
    );
  return missed;
}
