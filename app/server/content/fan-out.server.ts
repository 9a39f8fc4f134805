import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import {
  type PostPush,
  postPushFactsQuery,
  postPushPayload,
  pushPostLater,
  wantsPostsNowSql,
} from "~/server/notifications/post-push.server";
import { enqueue } from "~/server/queue/queue.server";
import { publishFramesJob } from "~/server/realtime/realtime.server";

type NewPost = { id: number; communityId: number; authorId: number; createdAt: number };

/**
 * A slice of the members' banners: the frames, then a push to those of `pushTo` whose frame
 * reached no open socket (members who chose posts "right away"; decision 183).
 */
type NewPostFrames = { post: NewPost; userIds: number[]; pushTo: number[]; push: PostPush | null };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    newPost: NewPost;
    newPostFrames: NewPostFrames;
  }
}

/** Members told in the job itself; a larger community's frames go out as `newPostFrames` jobs of 100. */
export const FAN_OUT_INLINE = 100;

/**
 * Tells every active member of the post's community (but its author) that a post arrived, so
 * their open newsfeeds show the "new posts" banner (decision 048). The queue's handler
 * (decision 165): one D1 batch for the members (and whether each asked for posts right away)
 * and what a push names, then one UserHub RPC per member, split into jobs of their own past
 * FAN_OUT_INLINE. A banner told twice is still one banner.
 *
 * An urgent post (decision 183) is mailed and pushed to every member at once, through quiet
 * hours; an ordinary one is mailed to those who chose it right away (decision 169) and pushed
 * to those of them whose banner reached no socket.
 */
export async function fanOutNewPost(post: NewPost) {
  const found = await batch({
    members: sqlRows<{ id: number; now: number }>(sql`SELECT m.user_id AS id, ${wantsPostsNowSql(sql`m.user_id`)} AS now
      FROM community_members m
      WHERE m.community_id = ${post.communityId} AND m.status = 'active' AND m.user_id != ${post.authorId}`),
    facts: postPushFactsQuery(post.id),
  });
  const members = found.members.map((member) => member.id);
  const facts = found.facts[0];
  const urgent = Boolean(facts?.urgent);
  const push = facts ? postPushPayload(post.id, facts) : null;
  const about = { kind: "posts" as const, postId: post.id, authorId: post.authorId, ...(urgent ? { urgent } : {}) };
  mailLater(about, members, `post-${post.id}`, { urgent });
  if (urgent && push) pushPostLater(post.id, members, push, true);
  const pushTo = urgent ? [] : found.members.filter((member) => member.now).map((member) => member.id);
  for (let start = 0; start < members.length; start += FAN_OUT_INLINE) {
    const part = { post, userIds: members.slice(start, start + FAN_OUT_INLINE), pushTo, push };
    if (members.length <= FAN_OUT_INLINE) await publishNewPostFrames(part);
    else enqueue("newPostFrames", { ...part, pushTo: pushTo.filter((id) => part.userIds.includes(id)) });
  }
  return members.length;
}

/** The queue's handler for a slice: the banners, then the pushes for those with no socket open. */
export async function publishNewPostFrames({ post, userIds, pushTo, push }: NewPostFrames) {
  const frame = {
    messageType: "newPost" as const,
    data: { postId: post.id, communityId: post.communityId, createdAt: post.createdAt },
  };
  const missed = await publishFramesJob({ frames: userIds.map((userId) => ({ userId, frame })) });
  const wanted = new Set(pushTo);
  const offline = missed.map((one) => one.userId).filter((userId) => wanted.has(userId));
  if (push && offline.length > 0) pushPostLater(post.id, offline, push);
}

/** Off the request path and durable: the author's redirect does not wait for 2,000 hubs. */
export function announceNewPost(post: NewPost) {
  enqueue("newPost", post);
}
