import { env } from "cloudflare:workers";
import { type RealtimeFrame, SESSION_ENDED_CLOSE } from "~/realtime/protocol";

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
