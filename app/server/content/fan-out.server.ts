import { and, eq, ne } from "drizzle-orm";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import { enqueue } from "~/server/queue/queue.server";
import { publishFramesJob, publishLater } from "~/server/realtime/realtime.server";

const m = schema.communityMembers;

type NewPost = { id: number; communityId: number; authorId: number; createdAt: number };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    newPost: NewPost;
  }
}

/** Members told in the job itself; a larger community's frames go out as `frames` jobs of 100. */
export const FAN_OUT_INLINE = 100;

/**
 * Tells every active member of the post's community (but its author) that a post arrived, so
 * their open newsfeeds show the "new posts" banner (decision 048). The queue's handler
 * (decision 165): one D1 read for the member ids, then one UserHub RPC per member, split into
 * jobs of their own past FAN_OUT_INLINE. A banner told twice is still one banner.
 */
export async function fanOutNewPost(post: NewPost) {
  const members = await single(
    getDb()
      .select({ id: m.userId })
      .from(m)
      .where(and(eq(m.communityId, post.communityId), eq(m.status, "active"), ne(m.userId, post.authorId))),
  );
  const frame = {
    messageType: "newPost" as const,
    data: { postId: post.id, communityId: post.communityId, createdAt: post.createdAt },
  };
  // Email to members who chose it right away (decision 169; the digests take the rest), once per post.
  mailLater(
    { kind: "posts", postId: post.id, authorId: post.authorId },
    members.map((member) => member.id),
    `post-${post.id}`,
  );
  const frames = members.map((member) => ({ userId: member.id, frame }));
  if (frames.length <= FAN_OUT_INLINE) await publishFramesJob({ frames });
  else publishLater(frames);
  return members.length;
}

/** Off the request path and durable: the author's redirect does not wait for 2,000 hubs. */
export function announceNewPost(post: NewPost) {
  enqueue("newPost", post);
}
