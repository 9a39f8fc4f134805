import type { CommentCard } from "~/lib/post-card";
import { batch } from "~/server/db/batch.server";
import { postCommentsQuery } from "./comments.server";
import { type Cursor, postCardsQuery, toCommentCard, toPostCard } from "./post-cards.server";
import { pageTranslation, pageTranslationQuery, type TranslateRequest } from "./translation.server";

export const CONTENT_PAGE_SIZE = 20;

/**
 * /content/{id}: the post and all its comments, threaded one level (one D1 batch). With
 * `translate` (`?translate=post`, the page without JavaScript), that item in the reader's
 * language too (decision 150): its cached translations are read in the same batch.
 */
export async function getPostPage(viewerId: number, postId: number, translate: TranslateRequest | null = null) {
  const { postRows, commentRows, cached } = await batch({
    postRows: postCardsQuery(viewerId, { kind: "post", postId }, 1),
    commentRows: postCommentsQuery(viewerId, postId),
    ...(translate ? { cached: pageTranslationQuery(translate) } : {}),
  });
  const row = postRows[0];
  if (!row) return null;
  const comments = commentRows.map(toCommentCard);
  const post = toPostCard(row);
  const translation = translate
    ? await pageTranslation(
        translate,
        translate.kind === "post" ? post : comments.find((comment) => comment.id === translate.id),
        cached ?? [],
      )
    : null;
  const replies = new Map<number, CommentCard[]>();
  for (const comment of comments) {
    if (comment.parentId === null) continue;
    replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
  }
  return {
    post,
    translation,
    threads: comments
      .filter((comment) => comment.parentId === null)
      .map((comment) => ({ comment, replies: replies.get(comment.id) ?? [] })),
  };
}

/** /content: the viewer's own posts, newest first, by cursor. */
export async function listOwnPosts(viewerId: number, cursor: Cursor | null) {
  // A batch, not a lone select: it joins the request's one round trip (decision 104).
  const { rows } = await batch({ rows: postCardsQuery(viewerId, { kind: "author" }, CONTENT_PAGE_SIZE + 1, cursor) });
  const posts = rows.slice(0, CONTENT_PAGE_SIZE).map(toPostCard);
  return { posts, hasMore: rows.length > CONTENT_PAGE_SIZE };
}
