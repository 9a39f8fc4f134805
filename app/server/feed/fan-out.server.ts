import { waitUntil } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { publishToUser } from "~/server/realtime/realtime.server";

const m = schema.communityMembers;

/** Hubs called at once: well under a Worker's subrequest limit per wave (decision 048). */
export const FAN_OUT_CONCURRENCY = 50;

/**
 * Tells every active member of the post's community (but its author) that a post arrived, so
 * their open newsfeeds show the "new posts" banner (decision 048). Runs after the response
 * (`waitUntil`): one D1 read for the member ids, then one UserHub RPC per member in waves.
 */
export async function fanOutNewPost(post: { id: number; communityId: number; authorId: number; createdAt: number }) {
  const members = await getDb()
    .select({ id: m.userId })
    .from(m)
    .where(and(eq(m.communityId, post.communityId), eq(m.status, "active"), ne(m.userId, post.authorId)));
  const frame = {
    messageType: "newPost" as const,
    data: { postId: post.id, communityId: post.communityId, createdAt: post.createdAt },
  };
  for (let start = 0; start < members.length; start += FAN_OUT_CONCURRENCY) {
    await Promise.all(
      members.slice(start, start + FAN_OUT_CONCURRENCY).map((member) => publishToUser(member.id, frame)),
    );
  }
  return members.length;
}

/** Off the request path: the author's redirect does not wait for 2,000 hubs. */
export function announceNewPost(post: Parameters<typeof fanOutNewPost>[0]) {
  waitUntil(
    fanOutNewPost(post).catch((error) => {
      console.warn("fan-out of a new post failed", error);
    }),
  );
}
