import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { CategoryLabel } from "~/components/communities/category-label";
import { ConfirmForm } from "~/components/confirm-form";
import { AvatarPopup } from "~/components/user/avatar-popup";
import { dateTimeFormat } from "~/lib/date-format";
import type { CommentCard, PostCard } from "~/lib/post-card";
import { LinkedText } from "./linked-text";

export function PostTime({ at }: { at: number }) {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return <time dateTime={new Date(at).toISOString()}>{format.format(at)}</time>;
}

/** Like / unlike: a plain form without JavaScript, a fetcher that shows the result at once with it. */
export function LikeForm({
  postId,
  target,
  liked,
  count,
}: {
  postId: number;
  target: { type: "post" | "comment"; id: number };
  liked: boolean;
  count: number;
}) {
  const { t } = useTranslation("content");
  const fetcher = useFetcher();
  const returnTo = useReturnTo();
  const pending = fetcher.formData?.get("intent");
  const showLiked = pending ? pending === "like" : liked;
  const shownCount = count + (showLiked === liked ? 0 : showLiked ? 1 : -1);
  return (
    <fetcher.Form method="post" action={`/content/${postId}`} preventScrollReset>
      <input type="hidden" name="intent" value={showLiked ? "unlike" : "like"} />
      <input type="hidden" name="targetType" value={target.type} />
      <input type="hidden" name="targetId" value={target.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="link-button" aria-pressed={showLiked}>
        {showLiked ? t("post.unlike") : t("post.like")} · {t("post.likes", { count: shownCount })}
      </button>
    </fetcher.Form>
  );
}

function useReturnTo() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export function CommentForm({ postId, replyTo }: { postId: number; replyTo?: number }) {
  const { t } = useTranslation("content");
  const returnTo = useReturnTo();
  const id = `comment-${postId}-${replyTo ?? "new"}`;
  return (
    <Form method="post" action={`/content/${postId}`} className="comment-form" preventScrollReset>
      <input type="hidden" name="intent" value="comment" />
      {replyTo ? <input type="hidden" name="replyTo" value={replyTo} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={id} className="visually-hidden">
        {replyTo ? t("post.replyLabel") : t("post.commentLabel")}
      </label>
      <textarea
        id={id}
        name="body"
        rows={1}
        required
        maxLength={2000}
        placeholder={replyTo ? t("post.replyLabel") : t("post.commentLabel")}
      />
      <button type="submit">{replyTo ? t("post.reply") : t("post.comment")}</button>
    </Form>
  );
}

/** Report a post to its community's managers, with a reason; a <details>, so it opens without JavaScript. */
function ReportForm({ postId }: { postId: number }) {
  const { t } = useTranslation("content");
  const returnTo = useReturnTo();
  return (
    <details className="report-form">
      <summary className="link-button">{t("post.report")}</summary>
      <Form method="post" action={`/content/${postId}`} className="comment-form">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="targetType" value="post" />
        <input type="hidden" name="targetId" value={postId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor={`report-${postId}`}>{t("post.reportReason")}</label>
        <textarea id={`report-${postId}`} name="reason" rows={2} required maxLength={500} />
        <button type="submit">{t("post.sendReport")}</button>
      </Form>
    </details>
  );
}

export function CommentView({
  comment,
  postId,
  viewerId,
  canModerate,
  replies,
  showReplyForm,
}: {
  comment: CommentCard;
  postId: number;
  viewerId: number;
  canModerate: boolean;
  replies?: CommentCard[];
  showReplyForm?: boolean;
}) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const returnTo = useReturnTo();
  const mayDelete = canModerate || comment.author?.id === viewerId;
  return (
    <li className="comment" id={`comment-${comment.id}`}>
      <p className="comment-meta">
        <strong>{comment.author?.name ?? tc("unknownUser")}</strong>{" "}
        <span className="hint">
          <PostTime at={comment.createdAt} />
        </span>
      </p>
      <LinkedText text={comment.body} />
      <div className="post-actions">
        <LikeForm
          postId={postId}
          target={{ type: "comment", id: comment.id }}
          liked={comment.liked}
          count={comment.likeCount}
        />
        {mayDelete ? (
          <ConfirmForm
            action={`/content/${postId}`}
            fields={{ intent: "deleteComment", commentId: String(comment.id), returnTo }}
            question={t("post.confirmDeleteComment")}
            confirmLabel={t("post.yes")}
            cancelLabel={t("post.no")}
            buttonClassName="link-button"
          >
            {t("post.delete")}
          </ConfirmForm>
        ) : null}
      </div>
      {replies?.length ? (
        <ul className="comment-list">
          {replies.map((reply) => (
            <CommentView key={reply.id} comment={reply} postId={postId} viewerId={viewerId} canModerate={canModerate} />
          ))}
        </ul>
      ) : null}
      {showReplyForm ? <CommentForm postId={postId} replyTo={comment.id} /> : null}
    </li>
  );
}

/**
 * A post as the newsfeed, a community and /content show it (issue 11 "Newsfeed"): author with
 * the avatar popup, community label, time, text, counts, the first comments and the forms.
 */
export function PostCardView({ post, viewerId, full = false }: { post: PostCard; viewerId: number; full?: boolean }) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const returnTo = useReturnTo();
  const isAuthor = post.author?.id === viewerId;
  return (
    <article className="card post-card" aria-labelledby={`post-${post.id}-author`}>
      <header>
        <AvatarPopup user={post.author} />
        <div>
          <strong id={`post-${post.id}-author`}>{post.author?.name ?? tc("unknownUser")}</strong>{" "}
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
        {isAuthor ? null : <ReportForm postId={post.id} />}
        {isAuthor || post.canModerate ? (
          <ConfirmForm
            action={`/content/${post.id}`}
            fields={{ intent: "deletePost", returnTo: full ? "/newsfeed" : returnTo }}
            question={t("post.confirmDeletePost")}
            confirmLabel={t("post.yes")}
            cancelLabel={t("post.no")}
            buttonClassName="link-button"
          >
            {t("post.delete")}
          </ConfirmForm>
        ) : null}
      </div>
      {full ? null : (
        <>
          {post.firstComments.length ? (
            <ul className="comment-list">
              {post.firstComments.map((comment) => (
                <CommentView
                  key={comment.id}
                  comment={comment}
                  postId={post.id}
                  viewerId={viewerId}
                  canModerate={post.canModerate}
                />
              ))}
            </ul>
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
