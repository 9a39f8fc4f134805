import { sql } from "drizzle-orm";
import { sqlRows } from "~/server/db/batch.server";
import { detectLanguage } from "~/server/translation/detect.server";
import { staleTranslationsDelete } from "~/server/translation/translations.server";
import { activeUser } from "~/server/users/active-user.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { lacksConsentSql } from "~/server/users/students-sql.server";
import { notifyComment } from "./content-notifications.server";
import { relationSql } from "./post-cards.server";
import { managesSql, visiblePostSql } from "./visibility.server";

export const COMMENT_MAX_LENGTH = 2_000;

/**
 * Comments and replies (SPEC §3 "comment reply target"): one level only, so a reply to a reply
 * joins the thread of the comment it answers. Whoever may see a post may comment on it, but a
 * student under 13 without a parent's consent (decision 175).
 * `clientKey` (issue 23 item 3, decision 133): a comment sent again with the same key by the same
 * author (the outbox resending after a lost answer) answers the first one, without a second row
 * or a second notification; the insert and the read back are one batch, one round trip.
 */
export type AddedComment = { id: number; parentId: number | null };
/** Why a comment was refused when it is not "not found": the author waits for a parent's consent. */
export type CommentRefusal = { refused: "consent_required" };

export async function addComment(
  actor: Actor,
  postId: number,
  body: string,
  replyTo: number | null = null,
  clientKey: string | null = null,
): Promise<AddedComment | CommentRefusal | null> {
  const userId = actor.id;
  const parent =
    replyTo === null
      ? sql`NULL`
      : sql`(SELECT coalesce(k.parent_id, k.id) FROM comments k WHERE k.id = ${replyTo} AND k.post_id = ${postId})`;
  const lang = await detectLanguage(body);
  const { consent, inserted, existing } = await batchAs(actor, {
    // Why not, read in the same batch: the form says that consent is missing (decision 185).
    consent: sql`SELECT ${lacksConsentSql(userId)} AS missing`,
    inserted: sql`
    INSERT INTO comments (post_id, parent_id, author_id, body, lang, client_key)
    SELECT ${postId}, ${parent}, ${userId}, ${body}, ${lang}, ${clientKey}
    WHERE ${visiblePostSql(userId, postId)} AND (${replyTo} IS NULL OR ${parent} IS NOT NULL)
      AND NOT ${lacksConsentSql(userId)} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    ON CONFLICT (author_id, client_key) DO NOTHING
    RETURNING id, parent_id AS parentId`,
    // The first comment of this key (NULL matches nothing): this one, or the one sent before.
    existing: sql`SELECT id, parent_id AS parentId FROM comments WHERE author_id = ${userId} AND client_key = ${clientKey}`,
  });
  const fresh = (inserted as AddedComment[])[0];
  if (fresh) notifyComment(userId, postId, fresh.parentId);
  if ((consent as { missing: number }[])[0]?.missing) return { refused: "consent_required" };
  return fresh ?? (existing as AddedComment[])[0] ?? null;
}

/** Edits a comment's text: its author only, while they may still see the post. */
export async function updateComment(actor: Actor, commentId: number, body: string): Promise<boolean> {
  const userId = actor.id;
  const lang = await detectLanguage(body);
  const results = await batchAs(actor, {
    // A new version: its translations are made afresh (decision 150).
    updated: sql`UPDATE comments SET body = ${body}, edited_at = ${Date.now()}, lang = ${lang}, text_version = text_version + 1
    WHERE id = ${commentId} AND author_id = ${userId} AND ${visiblePostSql(userId, sql`comments.post_id`)}
      AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    RETURNING id`,
    staleTranslations: staleTranslationsDelete("comment", commentId),
  });
  return (results.updated as unknown[]).length > 0;
}

/** Deletes a comment (and its replies): its author, or a manager of the post's community. */
export async function deleteComment(actor: Actor, commentId: number): Promise<{ postId: number } | null> {
  const userId = actor.id;
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const allowed = sql`EXISTS (SELECT 1 FROM comments k
      JOIN posts p ON p.id = k.post_id
      WHERE k.id = ${commentId} AND (k.author_id = ${userId} OR ${managesSql(userId, sql`p.community_id`)}))
      AND ${current}`;
  const results = await batchAs(actor, {
    // Reports of what goes go too: managers are not left with reports of nothing.
    reports: sql`DELETE FROM reports WHERE target_type = 'comment'
      AND target_id IN (SELECT id FROM comments WHERE id = ${commentId} OR parent_id = ${commentId}) AND ${allowed}`,
    replies: sql`DELETE FROM comments WHERE parent_id = ${commentId} AND ${allowed}`,
    deleted: sql`DELETE FROM comments WHERE id = ${commentId}
      AND (author_id = ${userId} OR ${managesSql(userId, sql`(SELECT p.community_id FROM posts p WHERE p.id = comments.post_id)`)})
      AND ${current}
      RETURNING post_id AS postId`,
  });
  return (results.deleted as { postId: number }[])[0] ?? null;
}

/** All comments of a post the viewer may see, oldest first, with authors and likes (batchable). */
export function postCommentsQuery(viewerId: number, postId: number) {
  return sqlRows<Record<string, unknown>>(sql`
    SELECT k.id, k.parent_id AS parentId, k.body, k.lang, k.text_version AS textVersion, k.created_at AS createdAt, k.edited_at AS editedAt,
      u.id AS authorId, u.name AS authorName, u.username AS authorUsername, u.avatar AS authorAvatar,
      ${relationSql(viewerId, sql`u.id`)} AS relation,
      (SELECT count(*) FROM likes l WHERE l.target_type = 'comment' AND l.target_id = k.id) AS likeCount,
      EXISTS (SELECT 1 FROM likes l WHERE l.target_type = 'comment' AND l.target_id = k.id AND l.user_id = ${viewerId}) AS liked
    FROM comments k
    LEFT JOIN users u ON u.id = k.author_id AND ${activeUser("u")}
    WHERE k.post_id = ${postId} AND ${visiblePostSql(viewerId, postId)}
    ORDER BY k.created_at, k.id`);
}
