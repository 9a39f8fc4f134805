import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CategoryLabel } from "~/components/communities/category-label";
import type { PostCard } from "~/lib/post-card";
import { asThreads, CommentForm, CommentList } from "./comment-view";
import { LinkedText } from "./linked-text";
import { PostAuthor } from "./post-author";
import { DeleteForm, LikeForm, PostTime, ReportForm, useReturnTo } from "./post-forms";
import { PostImages } from "./post-images";

/**
 * A post as the newsfeed, a community and /content show it (docs/decisions/046-posts-and-feed.md): author with
 * the avatar popup, community label, time, text, photos, counts, the first comments and the
 * forms. `eager` for the first post of a page: its photos load at once, the others lazily.
 */
export function PostCardView({
  post,
  viewerId,
  full = false,
  eager = false,
}: {
  post: PostCard;
  viewerId: number;
  full?: boolean;
  eager?: boolean;
}) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const returnTo = useReturnTo();
  const isAuthor = post.author?.id === viewerId;
  const authorName = post.author?.name ?? tc("unknownUser");
  return (
    <article className="card post-card" aria-labelledby={`post-${post.id}-author`}>
      <header>
        <PostAuthor user={post.author} />
        <div>
          <strong id={`post-${post.id}-author`}>{authorName}</strong>{" "}
          <CategoryLabel category={post.community.category} />
          <p className="hint">
            <Link to={`/communities/${post.community.id}`}>{post.community.name}</Link> ·{" "}
            <Link to={`/content/${post.id}`} aria-label={t("post.open")}>
              <PostTime at={post.createdAt} />
            </Link>
            {post.editedAt ? ` · ${t("post.edited")}` : null}
          </p>
          {post.pending ? <span className="post-badge">{t("post.pending")}</span> : null}
          {post.pinned ? <span className="post-badge">{t("post.pinned")}</span> : null}
        </div>
      </header>
      <LinkedText text={post.body} />
      <PostImages images={post.images} author={authorName} eager={eager || full} />
      <p className="post-stats">
        <span>{t("post.comments", { count: post.commentCount })}</span>
      </p>
      <div className="post-actions">
        <LikeForm postId={post.id} target={{ type: "post", id: post.id }} liked={post.liked} count={post.likeCount} />
        {isAuthor ? <Link to={`/content/${post.id}/edit`}>{t("post.edit")}</Link> : null}
        {post.canModerate && !post.pending ? (
          <Form method="post" action={`/communities/${post.community.id}/manage/posts`}>
            <input type="hidden" name="intent" value={post.pinned ? "unpin" : "pin"} />
            <input type="hidden" name="postId" value={post.id} />
            <button type="submit" className="link-button">
              {post.pinned ? t("post.unpin") : t("post.pin")}
            </button>
          </Form>
        ) : null}
        {isAuthor ? null : <ReportForm postId={post.id} target={{ type: "post", id: post.id }} linked={!full} />}
        {isAuthor || post.canModerate ? (
          <DeleteForm
            postId={post.id}
            target={{ type: "post", id: post.id }}
            returnTo={full ? "/newsfeed" : returnTo}
          />
        ) : null}
      </div>
      {full ? null : (
        <>
          {post.firstComments.length ? (
            <CommentList
              threads={asThreads(post.firstComments)}
              postId={post.id}
              viewerId={viewerId}
              canModerate={post.canModerate}
              linked
            />
          ) : null}
          {post.commentCount > post.firstComments.length ? (
            <p>
              <Link to={`/content/${post.id}`}>{t("post.allComments")}</Link>
            </p>
          ) : null}
          <CommentForm postId={post.id} />
        </>
      )}
    </article>
  );
}
