import { and, desc, eq, ne, sql, like as sqlLike } from "drizzle-orm";
import { single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { titleBy } from "~/server/notifications/notification-rows.server";
import { deleteNotification } from "~/server/notifications/notifications.server";
import { type Notice, type NoticeJob, noticeText, notifyLater } from "~/server/notifications/notifier.server";
import type { JobContext } from "~/server/queue/consume.server";

/**
 * Who hears of a comment or a like (decision 049), after the response through the one
 * notifier (decision 119): a comment or a like never waits for them. The content services
 * call these once their write is done; routes never do. Each is a job on the queue (decision
 * 165) whose handler (registered in workers/queue.ts) finds who to tell.
 */

type CommentJob = { actorId: number; postId: number; parentId: number | null };
type LikeJob = { actorId: number; postId: number };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    commentNotices: NoticeJob<CommentJob>;
    likeNotice: NoticeJob<LikeJob>;
  }
}

/** A comment tells the post's author; a reply also tells the author of the comment it answers. */
export function notifyComment(actorId: number, postId: number, parentId: number | null) {
  notifyLater("commentNotices", { actorId, postId, parentId });
}

export async function commentNotices({ actorId, postId, parentId }: CommentJob): Promise<Notice[] | undefined> {
  const [row] = await single(
    sqlRows<{ actor: string; postAuthor: number | null; parentAuthor: number | null }>(sql`
      SELECT (SELECT name FROM users WHERE id = ${actorId}) AS actor,
        (SELECT author_id FROM posts WHERE id = ${postId}) AS postAuthor,
        (SELECT author_id FROM comments WHERE id = ${parentId}) AS parentAuthor`),
  );
  if (!row) return;
  const url = `/content/${postId}`;
  const actor = { id: actorId, name: row.actor };
  const notices: Notice[] = [];
  if (row.parentAuthor && row.parentAuthor !== actorId) {
    notices.push({
      userId: row.parentAuthor,
      ...titleBy(actor, (name) => noticeText("content:notifications.reply", { name })),
      url,
    });
  }
  if (row.postAuthor && row.postAuthor !== actorId && row.postAuthor !== row.parentAuthor) {
    notices.push({
      userId: row.postAuthor,
      ...titleBy(actor, (name) => noticeText("content:notifications.comment", { name })),
      url,
    });
  }
  return notices;
}

/**
 * Likes are grouped, one notification per post: "Ana and 3 others liked your post". Each new
 * like replaces the post's previous like notification (removed, so open clients drop it).
 * The new one's oid is made from the job's key, so a retried job keeps it and stores it once.
 */
export function notifyPostLike(actorId: number, postId: number) {
  notifyLater("likeNotice", { actorId, postId });
}

export async function likeNotice({ actorId, postId }: LikeJob, job: JobContext): Promise<Notice[] | undefined> {
  const [row] = await single(
    sqlRows<{ author: number | null; actor: string; likes: number }>(sql`
      SELECT (SELECT author_id FROM posts WHERE id = ${postId}) AS author,
        (SELECT name FROM users WHERE id = ${actorId}) AS actor,
        (SELECT count(*) FROM likes WHERE target_type = 'post' AND target_id = ${postId}) AS likes`),
  );
  if (!row?.author || row.author === actorId || row.likes === 0) return;
  const n = schema.notifications;
  const prefix = `likes-post-${postId}-`;
  const oid = `${prefix}${job.key}`;
  const previous = await single(
    getDb()
      .select({ oid: n.oid })
      .from(n)
      .where(and(eq(n.userId, row.author), eq(n.deleted, false), sqlLike(n.oid, `${prefix}%`), ne(n.oid, oid)))
      .orderBy(desc(n.createdAt)),
  );
  for (const old of previous) await deleteNotification(row.author, old.oid);
  const others = row.likes - 1;
  return [
    {
      userId: row.author,
      oid,
      ...titleBy({ id: actorId, name: row.actor }, (name) =>
        others === 0
          ? noticeText("content:notifications.like", { name })
          : noticeText("content:notifications.likes", { name, count: others }),
      ),
      url: `/content/${postId}`,
    },
  ];
}
