import { waitUntil } from "cloudflare:workers";
import { and, desc, eq, sql, like as sqlLike } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { rawAll } from "~/server/db/raw.server";
import { afterResponse } from "~/server/db/round-trips.server";
import { createNotification, deleteNotification, titleBy } from "~/server/notifications/notifications.server";

/**
 * Notifications of the communities area (decision 049), through the notifications service,
 * always after the response (`waitUntil`): a comment or a like never waits for them. Titles are
 * stored text (SPEC §3), so callers pass the request's translator and origin.
 */
type Translate = (key: string, values?: Record<string, unknown>) => string;
export type NotifyContext = { t: Translate; origin: string };

/** Runs notification work after the response (`waitUntil`), logging a failure instead of throwing. */
export function later(work: () => Promise<unknown>) {
  waitUntil(
    afterResponse(work).catch((error) => {
      console.warn("community notification failed", error);
    }),
  );
}

/** A comment tells the post's author; a reply also tells the author of the comment it answers. */
export function notifyComment(ctx: NotifyContext, actorId: number, postId: number, parentId: number | null) {
  later(async () => {
    const [row] = await rawAll<{ actor: string; postAuthor: number | null; parentAuthor: number | null }>(sql`
      SELECT (SELECT name FROM users WHERE id = ${actorId}) AS actor,
        (SELECT author_id FROM posts WHERE id = ${postId}) AS postAuthor,
        (SELECT author_id FROM comments WHERE id = ${parentId}) AS parentAuthor`);
    if (!row) return;
    const url = `/content/${postId}`;
    if (row.parentAuthor && row.parentAuthor !== actorId) {
      await createNotification({
        userId: row.parentAuthor,
        ...titleBy({ id: actorId, name: row.actor }, (name) => ctx.t("content:notifications.reply", { name })),
        url,
        origin: ctx.origin,
      });
    }
    if (row.postAuthor && row.postAuthor !== actorId && row.postAuthor !== row.parentAuthor) {
      await createNotification({
        userId: row.postAuthor,
        ...titleBy({ id: actorId, name: row.actor }, (name) => ctx.t("content:notifications.comment", { name })),
        url,
        origin: ctx.origin,
      });
    }
  });
}

/**
 * Likes are grouped, one notification per post: "Ana and 3 others liked your post". Each new
 * like replaces the post's previous like notification (removed, so open clients drop it).
 */
export function notifyPostLike(ctx: NotifyContext, actorId: number, postId: number) {
  later(async () => {
    const [row] = await rawAll<{ author: number | null; actor: string; likes: number }>(sql`
      SELECT (SELECT author_id FROM posts WHERE id = ${postId}) AS author,
        (SELECT name FROM users WHERE id = ${actorId}) AS actor,
        (SELECT count(*) FROM likes WHERE target_type = 'post' AND target_id = ${postId}) AS likes`);
    if (!row?.author || row.author === actorId || row.likes === 0) return;
    const n = schema.notifications;
    const prefix = `likes-post-${postId}-`;
    const previous = await getDb()
      .select({ oid: n.oid })
      .from(n)
      .where(and(eq(n.userId, row.author), eq(n.deleted, false), sqlLike(n.oid, `${prefix}%`)))
      .orderBy(desc(n.createdAt));
    for (const { oid } of previous) await deleteNotification(row.author, oid);
    const others = row.likes - 1;
    await createNotification({
      userId: row.author,
      oid: `${prefix}${crypto.randomUUID()}`,
      ...titleBy({ id: actorId, name: row.actor }, (name) =>
        others === 0
          ? ctx.t("content:notifications.like", { name })
          : ctx.t("content:notifications.likes", { name, count: others }),
      ),
      url: `/content/${postId}`,
      origin: ctx.origin,
    });
  });
}

/** A request to join tells the community's owners and managers. */
export function notifyJoinRequest(ctx: NotifyContext, actorId: number, communityId: number) {
  later(async () => {
    const rows = await rawAll<{ managerId: number; actor: string; community: string }>(sql`
      SELECT m.user_id AS managerId, (SELECT name FROM users WHERE id = ${actorId}) AS actor, c.name AS community
      FROM community_members m JOIN communities c ON c.id = m.community_id
      WHERE m.community_id = ${communityId} AND m.status = 'active' AND m.role IN ('owner', 'manager')`);
    for (const row of rows) {
      await createNotification({
        userId: row.managerId,
        ...titleBy({ id: actorId, name: row.actor }, (name) =>
          ctx.t("communities:notifications.request", { name, community: row.community }),
        ),
        url: `/communities/${communityId}/manage/requests`,
        origin: ctx.origin,
      });
    }
  });
}

/** Tells one person about their community: an approved request, an approved post, an invitation. */
export function notifyMember(
  ctx: NotifyContext,
  userId: number,
  communityId: number,
  kind: "approved" | "postApproved" | "invited",
  url = `/communities/${communityId}`,
) {
  later(async () => {
    const [row] = await rawAll<{ community: string }>(
      sql`SELECT name AS community FROM communities WHERE id = ${communityId}`,
    );
    if (!row) return;
    await createNotification({
      userId,
      title: ctx.t(`communities:notifications.${kind}`, { community: row.community }),
      url,
      origin: ctx.origin,
    });
  });
}
