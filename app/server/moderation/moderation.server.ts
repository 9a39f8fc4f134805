import { type SQL, sql } from "drizzle-orm";
import type { ModerationAction } from "~/lib/forms/moderation";
import { parseImages } from "~/server/content/post-image-cards";
import { managesSql, removableMemberSql } from "~/server/content/visibility.server";
import { sqlRows, sqlRun } from "~/server/db/batch.server";
import { deletePostImages } from "~/server/files/post-images.server";
import {
  insertNotificationsSql,
  type StoredNotification,
  storedNotificationsSql,
} from "~/server/notifications/notification-writes.server";
import { noticeText, publishAfterCommit } from "~/server/notifications/notifier.server";
import { notificationOrigin } from "~/server/notifications/origin.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

export { loadModeration } from "./community-queue.server";

/**
 * A moderator's decision on a reported post or comment (issue 26 item 4, decision 161), in one
 * batch: the audit row, the reporters' "what became of your report" notifications, the author's
 * warning, the action itself and the resolved reports. Every statement carries the same guard
 * (the actor manages the community, their token is current and the item is still reported), so
 * all of it happens or none of it, and two moderators acting at once act once.
 */
export type ModerationInput = {
  communityId: number;
  targetType: "post" | "comment";
  targetId: number;
  action: ModerationAction;
  note: string;
};

export type ModerationResult = { status: "ok" } | { status: "not_found" } | { status: "not_allowed" };

function targetSql(input: ModerationInput) {
  const { communityId, targetId } = input;
  return input.targetType === "post"
    ? {
        author: sql`(SELECT author_id FROM posts WHERE id = ${targetId} AND community_id = ${communityId})`,
        body: sql`(SELECT body FROM posts WHERE id = ${targetId} AND community_id = ${communityId})`,
      }
    : {
        author: sql`(SELECT k.author_id FROM comments k JOIN posts p ON p.id = k.post_id
          WHERE k.id = ${targetId} AND p.community_id = ${communityId})`,
        body: sql`(SELECT k.body FROM comments k JOIN posts p ON p.id = k.post_id
          WHERE k.id = ${targetId} AND p.community_id = ${communityId})`,
      };
}

/** The statement that carries out `action` (after the log and the notices are written). */
function actionSql(input: ModerationInput, author: SQL, allowed: SQL): SQL {
  const { communityId, targetId } = input;
  switch (input.action) {
    case "dismiss":
    case "warn":
      return sql`SELECT 1 AS done WHERE 0`;
    case "hide":
      // A hidden post goes back to waiting for approval: its author and the managers still see it.
      return sql`UPDATE posts SET status = 'pending' WHERE id = ${targetId} AND community_id = ${communityId} AND ${allowed}
        RETURNING NULL AS images`;
    case "remove":
      return input.targetType === "post"
        ? sql`DELETE FROM posts WHERE id = ${targetId} AND community_id = ${communityId} AND ${allowed} RETURNING images`
        : sql`DELETE FROM comments WHERE (id = ${targetId} OR parent_id = ${targetId}) AND ${allowed}
            AND post_id IN (SELECT id FROM posts WHERE community_id = ${communityId}) RETURNING NULL AS images`;
    case "remove_member":
    case "ban":
      // Owners are not removed from their own community by a manager.
      return sql`DELETE FROM community_members WHERE community_id = ${communityId} AND user_id = ${author}
        AND role != 'owner' AND ${allowed} RETURNING NULL AS images`;
  }
}

/**
 * Removing or banning the author follows the members page's rule (decision 045,
 * `removableMemberSql`); any other action, or an author who is no longer a member, passes.
 */
function removableSql(input: ModerationInput, author: SQL, actorId: number): SQL {
  if (input.action !== "remove_member" && input.action !== "ban") return sql`1`;
  return sql`NOT EXISTS (SELECT 1 FROM community_members rm WHERE rm.community_id = ${input.communityId}
    AND rm.user_id = ${author} AND NOT ${removableMemberSql(actorId, input.communityId, author, sql`rm.role`)})`;
}

const WHAT = { post: "moderation:what.post", comment: "moderation:what.comment" } as const;

export async function moderate(actor: Actor, input: ModerationInput, now = Date.now()): Promise<ModerationResult> {
  if (input.action === "hide" && input.targetType !== "post") return { status: "not_allowed" };
  const { communityId, targetType, targetId } = input;
  const reported = sql`EXISTS (SELECT 1 FROM reports rr WHERE rr.community_id = ${communityId}
    AND rr.target_type = ${targetType} AND rr.target_id = ${targetId})`;
  const { author, body } = targetSql(input);
  const allowed = sql`(${managesSql(actor.id, communityId)} AND ${reported} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    AND ${removableSql(input, author, actor.id)})`;
  const run = crypto.randomUUID();
  const url = `${notificationOrigin()}/communities/${communityId}`;
  const what = noticeText(WHAT[targetType]);
  const reporters = sql`SELECT DISTINCT ${`moderation-${run}-`} || r.reporter_id AS oid, r.reporter_id AS user_id, ${url} AS url
    FROM reports r WHERE r.community_id = ${communityId} AND r.target_type = ${targetType} AND r.target_id = ${targetId}
      AND r.reporter_id IS NOT NULL AND ${allowed}`;
  const warned = sql`SELECT ${`moderation-${run}-warn`} AS oid, ${author} AS user_id, ${url} AS url
    WHERE ${input.action === "warn" ? sql`1` : sql`0`} AND ${author} IS NOT NULL AND ${allowed}`;
  const warning = input.note
    ? noticeText("moderation:notifications.warnedWithNote", { what, note: input.note })
    : noticeText("moderation:notifications.warned", { what });
  const results = await batchAs(actor, {
    logged: sqlRows<{ id: number }>(sql`INSERT INTO moderation_log
        (community_id, actor_id, action, target_type, target_id, subject_id, excerpt, report_count, note, created_at)
      SELECT ${communityId}, ${actor.id}, ${input.action}, ${targetType}, ${targetId}, ${author},
        substr(coalesce(${body}, ''), 1, 500),
        (SELECT count(*) FROM reports r WHERE r.community_id = ${communityId} AND r.target_type = ${targetType} AND r.target_id = ${targetId}),
        ${input.note}, ${now}
      WHERE ${allowed} RETURNING id`),
    toReporters: sqlRun(
      insertNotificationsSql(reporters, {
        title: noticeText(`moderation:outcome.${input.action}`, { what }),
        createdAt: now,
      }),
    ),
    toAuthor: sqlRun(insertNotificationsSql(warned, { title: warning, createdAt: now })),
    stored: sqlRows<StoredNotification>(
      storedNotificationsSql(sql`SELECT s.oid FROM (${reporters}) s UNION ALL SELECT w.oid FROM (${warned}) w`),
    ),
    banned: sqlRun(
      input.action === "ban"
        ? sql`INSERT OR IGNORE INTO community_bans (community_id, user_id, banned_by, created_at)
            SELECT ${communityId}, ${author}, ${actor.id}, ${now} WHERE ${author} IS NOT NULL AND ${allowed}`
        : sql`SELECT 1 WHERE 0`,
    ),
    acted: sqlRows<{ images: string | null }>(actionSql(input, author, allowed)),
    resolved: sqlRun(sql`DELETE FROM reports WHERE community_id = ${communityId} AND target_type = ${targetType}
      AND target_id = ${targetId} AND ${allowed}`),
  });
  if (results.logged.length === 0) return { status: "not_found" };
  publishAfterCommit(results.stored);
  const images = results.acted.flatMap((row) => (row.images ? parseImages(row.images) : []));
  if (images.length > 0) await deletePostImages(images);
  return { status: "ok" };
}
