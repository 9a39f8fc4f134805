import { sql } from "drizzle-orm";
import { canMarkUrgent, isActive, type MemberStatus, type Role, URGENT_CATEGORIES } from "~/lib/community-rules";
import { announceNewPost } from "~/server/content/fan-out.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { deletePostImages, type PostImage } from "~/server/files/post-images.server";
import { detectLanguage } from "~/server/translation/detect.server";
import { staleTranslationsDelete } from "~/server/translation/translations.server";
import { type Actor, batchAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { lacksConsentSql } from "~/server/users/students-sql.server";
import { parseImages, toImageCards } from "./post-image-cards";
import { managesSql, visiblePostSql } from "./visibility.server";

export type CreatePostResult =
  | { status: "published" | "pending"; id: number; communityId: number; urgent: boolean }
  /** `consent_required`: a student who may be under 13 waits for a parent's consent (decision 175). */
  | { status: "not_allowed"; reason?: "consent_required" }
  /** Asked to mark it urgent by someone who may post but does not manage a school or district community. */
  | { status: "urgent_not_allowed" };

/**
 * Posts to a community where the author may post (decision 045): one INSERT … SELECT that
 * finds nothing to insert when they may not (a student under 13 without a parent's consent may
 * not: decision 175), and marks the post pending when the community
 * wants approval and the author does not manage it. `urgent` (decision 183): only a manager of a
 * school or district community may ask, and the post records who marked it and when; anyone else
 * is refused (`urgent_not_allowed`), told apart by the membership read in the same batch.
 */
export async function createPost(
  author: Actor,
  communityId: number,
  body: string,
  images: PostImage[] = [],
  { urgent = false }: { urgent?: boolean } = {},
): Promise<CreatePostResult> {
  const authorId = author.id;
  // Its language, for "See translation" (decision 150).
  const lang = await detectLanguage(body);
  const now = Date.now();
  const urgentAllowed = sql`m.role IN ('owner', 'manager') AND c.category IN (SELECT value FROM json_each(${JSON.stringify(URGENT_CATEGORIES)}))`;
  type Row = { id: number; status: "published" | "pending"; createdAt: number };
  // Why not, read in the same batch: consent missing (decision 185) or urgent refused (decision 183).
  const written = batchAs(author, {
    consent: sql`SELECT ${lacksConsentSql(authorId)} AS missing`,
    asker: sql`SELECT c.category, m.role, m.status FROM communities c
      LEFT JOIN community_members m ON m.community_id = c.id AND m.user_id = ${authorId} WHERE c.id = ${communityId}`,
    inserted: sql`
    INSERT INTO posts (community_id, author_id, body, lang, images, status, urgent_at, urgent_by)
    SELECT c.id, ${authorId}, ${body}, ${lang}, ${JSON.stringify(images)},
      CASE WHEN c.requires_approval AND m.role = 'member' THEN 'pending' ELSE 'published' END,
      ${urgent ? now : null}, ${urgent ? authorId : null}
    FROM communities c
    JOIN community_members m ON m.community_id = c.id AND m.user_id = ${authorId} AND m.status = 'active'
    WHERE c.id = ${communityId} AND (c.post_policy = 'all' OR m.role IN ('owner', 'manager'))
      AND ${urgent ? urgentAllowed : sql`1`}
      AND NOT ${lacksConsentSql(authorId)} AND ${tokenIsCurrent(author.id, author.tokenVersion)}
    RETURNING id, status, created_at AS createdAt`,
  });
  const { consent, asker, inserted } = await written.catch(async (error: unknown) => {
    // A revoked token (decision 042): stored before the check, nothing keeps them.
    await deletePostImages(images);
    throw error;
  });
  const row = (inserted as Row[])[0];
  if (!row) {
    // Stored before the check (one round trip for the check and the write): nothing keeps them.
    await deletePostImages(images);
    if ((consent as { missing: number }[])[0]?.missing) return { status: "not_allowed", reason: "consent_required" };
    const who = (asker as { category: string; role: Role | null; status: MemberStatus | null }[])[0];
    const membership = who?.role && who.status ? { role: who.role, status: who.status } : null;
    return urgent && who && isActive(membership) && !canMarkUrgent(who.category, membership)
      ? { status: "urgent_not_allowed" }
      : { status: "not_allowed" };
  }
  if (row.status === "published") announceNewPost({ id: row.id, communityId, authorId, createdAt: row.createdAt });
  return { status: row.status, id: row.id, communityId, urgent };
}

/**
 * The post is `authorId`'s and they may still see it: an author who left or was removed from a
 * community whose content is its members' only edits nothing there (decision 045).
 */
function editableSql(authorId: number, postId: number) {
  return sql`id = ${postId} AND author_id = ${authorId} AND ${visiblePostSql(authorId, postId)}`;
}

/**
 * Edits a post's text and drops the images the author unticked; only its author may (a manager
 * deletes instead), while they may still see it. Read and write are one batch, so only images
 * that were this post's leave R2. A revoked token (decision 042) changes nothing (`requireCurrentToken`).
 */
export async function updatePost(
  author: Actor,
  postId: number,
  body: string,
  removeKeys: string[] = [],
): Promise<boolean> {
  const mine = editableSql(author.id, postId);
  const lang = await detectLanguage(body);
  const results = await batchAs(author, {
    before: sql`SELECT images FROM posts WHERE ${mine}`,
    // A new version: its translations are made afresh (decision 150).
    after: sql`UPDATE posts SET body = ${body}, edited_at = ${Date.now()}, lang = ${lang}, text_version = text_version + 1,
      images = (SELECT json_group_array(json(value)) FROM json_each(posts.images)
        WHERE json_extract(value, '$.key') NOT IN (SELECT value FROM json_each(${JSON.stringify(removeKeys)})))
      WHERE ${mine} AND ${tokenIsCurrent(author.id, author.tokenVersion)} RETURNING id`,
    staleTranslations: staleTranslationsDelete("post", postId),
  });
  const { before, after } = results;
  if (!after?.length) return false;
  const old = parseImages((before as { images: string }[])[0]?.images);
  await deletePostImages(old.filter((image) => removeKeys.includes(image.key)));
  return true;
}

/**
 * Deletes a post: its author or a manager of its community. Comments go with it (foreign key);
 * likes point at ids that are never reused (AUTOINCREMENT), so leftover rows count for nothing.
 */
export async function deletePost(actor: Actor, postId: number): Promise<{ communityId: number } | null> {
  const userId = actor.id;
  const rows = await writeAs<{ communityId: number; images: string }>(
    actor,
    sql`DELETE FROM posts
    WHERE id = ${postId} AND (author_id = ${userId} OR ${managesSql(userId, sql`posts.community_id`)})
      AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    RETURNING community_id AS communityId, images`,
  );
  const row = rows[0];
  if (!row) return null;
  await deletePostImages(parseImages(row.images));
  return { communityId: row.communityId };
}

/** The post for its edit page, if the viewer may edit it (`updatePost`'s rule); else null (404). */
export async function getEditablePost(viewerId: number, postId: number) {
  // A batch, not a lone statement: in a loader it joins the request's one round trip (decision 104).
  const { rows } = await batch({
    rows: sqlRows<{ id: number; authorId: number | null; communityId: number; body: string; images: string }>(
      sql`SELECT id, author_id AS authorId, community_id AS communityId, body, images FROM posts
        WHERE ${editableSql(viewerId, postId)}`,
    ),
  });
  const row = rows[0];
  return row ? { ...row, images: toImageCards(row.id, parseImages(row.images)) } : null;
}
