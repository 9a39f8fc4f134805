import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownPost } from "~/lib/post-card";
import { asThreads, type CommentContext, CommentForm, CommentList } from "./comment-view";
import { LinkedText } from "./linked-text";
import { PostAuthor } from "./post-author";
import type { AuthorPopup } from "./post-events";
import { DeleteForm, LikeForm, PostTime, ReportForm } from "./post-forms";
import { PostImages } from "./post-images";

/**
 * A post as the newsfeed, a community and /content show it (docs/decisions/046-posts-and-feed.md): author with
 * the avatar popup, community label, time, text, photos, counts, the first comments and the
 * forms. `eager` for the first post of a page: its photos load at once, the others lazily.
 *
 * One hook per post (decision 096): the translator is handed down, links and forms are plain
 * <a> and <form> that the list's handlers (usePostEvents) send through the router (the
 * `data-discover` ones tell React Router, as its <Link> would, which routes to learn before a
 * click: one per route is enough, the forms post to the post's page the time links to), and what
 * the list knows about this post comes as plain values: where forms return to, the likes being
 * sent, the form (`openForm`, lists only) and the author's popup the reader opened.
 */
export function PostCardView({
  post,
  viewerId,
  full = false,
  eager = false,
  returnTo,
  pendingLikes = "",
  openForm,
  popup = null,
}: {
  post: ShownPost;
  viewerId: number;
  full?: boolean;
  eager?: boolean;
  returnTo: string;
  pendingLikes?: string;
  openForm?: string;
  popup?: AuthorPopup | null;
}) {
  const { t, i18n } = useTranslation(["content", "common"]);
  const isAuthor = post.author?.id === viewerId;
  const authorName = post.author?.name ?? t("common:unknownUser");
  const category = post.community.category;
  const target = { type: "post" as const, id: post.id };
  // A post's own page (and the manage page) shows its forms as <details>, never as list links.
  const listOpen = full ? undefined : (openForm ?? "");
  const context: CommentContext = {
    t,
    language: i18n.language,
    postId: post.id,
    viewerId,
    canModerate: post.canModerate,
    returnTo,
    pendingLikes,
    openForm: listOpen,
  };
  return (
    <article className="card post-card" aria-labelledby={`post-${post.id}-author`} data-post={post.id}>
      <header>
        <PostAuthor t={t} user={post.author} popup={popup} />
        <div>
          <strong id={`post-${post.id}-author`}>{authorName}</strong>{" "}
          <span className={`category-label category-${category}`}>
            {t(`common:categories.${category}` as "common:categories.pto")}
          </span>
          <p className="hint">
            <a href={`/communities/${post.community.id}`} data-discover="true">
              {post.community.name}
            </a>
            {" · "}
            <a href={`/content/${post.id}`} aria-label={t("post.open")} data-discover="true">
              <PostTime at={post.createdAt} language={i18n.language} />
            </a>
            {post.editedAt ? ` · ${t("post.edited")}` : null}
          </p>
          {post.pending ? <span className="post-badge">{t("post.pending")}</span> : null}
          {post.pinned ? <span className="post-badge">{t("post.pinned")}</span> : null}
        </div>
      </header>
      <LinkedText text={post.body} />
      <PostImages t={t} images={post.images} author={authorName} eager={eager || full} />
      <p className="post-stats">{t("post.comments", { count: post.commentCount })}</p>
      <div className="post-actions">
        <LikeForm
          t={t}
          postId={post.id}
          target={target}
          liked={post.liked}
          count={post.likeCount}
          pendingLikes={pendingLikes}
          returnTo={returnTo}
        />
        {isAuthor ? (
          <a href={`/content/${post.id}/edit`} data-discover="true">
            {t("post.edit")}
          </a>
        ) : null}
        {post.canModerate && !post.pending ? (
          <form method="post" action={`/communities/${post.community.id}/manage/posts`} data-discover="true">
            <input type="hidden" name="intent" value={post.pinned ? "unpin" : "pin"} />
            <input type="hidden" name="postId" value={post.id} />
            <button type="submit" className="link-button">
              {post.pinned ? t("post.unpin") : t("post.pin")}
            </button>
          </form>
        ) : null}
        {isAuthor ? null : (
          <ReportForm t={t} postId={post.id} target={target} returnTo={returnTo} openForm={listOpen} />
        )}
        {isAuthor || post.canModerate ? (
          <DeleteForm t={t} postId={post.id} target={target} returnTo={full ? "/newsfeed" : returnTo} />
        ) : null}
      </div>
      {full ? null : (
        <>
          {post.firstComments.length ? <CommentList threads={asThreads(post.firstComments)} context={context} /> : null}
          {post.commentCount > post.firstComments.length ? (
            <p>
              <a href={`/content/${post.id}`}>{t("post.allComments")}</a>
            </p>
          ) : null}
          <CommentForm t={t} postId={post.id} returnTo={returnTo} />
        </>
      )}
    </article>
  );
}
