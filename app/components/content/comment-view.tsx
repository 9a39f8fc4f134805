import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { CommentCard } from "~/lib/post-card";
import { LinkedText } from "./linked-text";
import {
  DeleteForm,
  DisclosedTextForm,
  LikeForm,
  LinkedTextForm,
  PostTime,
  ReportForm,
  useReturnTo,
} from "./post-forms";

export function CommentForm({ postId, replyTo }: { postId: number; replyTo?: number }) {
  const { t } = useTranslation("content");
  const returnTo = useReturnTo();
  const id = `comment-${postId}-${replyTo ?? "new"}`;
  return (
    <Form method="post" action={`/content/${postId}`} className="comment-form" preventScrollReset>
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
      <button type="submit" name="intent" value="comment">
        {replyTo ? t("post.reply") : t("post.comment")}
      </button>
    </Form>
  );
}

/** `linked`: in a list of posts, where edit and report are links to the post's page (decision 076). */
type CommentContext = { postId: number; viewerId: number; canModerate: boolean; linked?: boolean };

/**
 * A comment with its forms: like; edit (its author) or report (anyone else); delete (its author
 * or a manager). Replies under it, and the reply form on the post's own page.
 */
export function CommentView({
  comment,
  replies,
  showReplyForm,
  ...context
}: CommentContext & { comment: CommentCard; replies?: CommentCard[]; showReplyForm?: boolean }) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const returnTo = useReturnTo();
  const { postId, viewerId, canModerate, linked } = context;
  const EditForm = linked ? LinkedTextForm : DisclosedTextForm;
  const isAuthor = comment.author?.id === viewerId;
  const target = { type: "comment" as const, id: comment.id };
  return (
    <li className="comment" id={`comment-${comment.id}`}>
      <p className="comment-meta">
        <strong>{comment.author?.name ?? tc("unknownUser")}</strong>{" "}
        <span className="hint">
          <PostTime at={comment.createdAt} />
          {comment.editedAt ? ` · ${t("post.edited")}` : null}
        </span>
      </p>
      <LinkedText text={comment.body} />
      <div className="post-actions">
        <LikeForm postId={postId} target={target} liked={comment.liked} count={comment.likeCount} />
        {isAuthor ? (
          <EditForm
            postId={postId}
            summary={t("post.edit")}
            label={t("post.editCommentLabel")}
            submit={t("post.saveComment")}
            fields={{ intent: "editComment", commentId: String(comment.id) }}
            name="body"
            maxLength={2000}
            defaultValue={comment.body}
            opener={{ param: "edit", value: `comment-${comment.id}` }}
          />
        ) : (
          <ReportForm postId={postId} target={target} linked={linked} />
        )}
        {isAuthor || canModerate ? <DeleteForm postId={postId} target={target} returnTo={returnTo} /> : null}
      </div>
      {replies?.length ? <CommentList threads={asThreads(replies)} {...context} /> : null}
      {showReplyForm ? <CommentForm postId={postId} replyTo={comment.id} /> : null}
    </li>
  );
}

/** Comments one under the other: a post's first ones, its threads with their replies, a thread's replies. */
export function CommentList({
  threads,
  showReplyForm,
  ...context
}: CommentContext & { threads: { comment: CommentCard; replies?: CommentCard[] }[]; showReplyForm?: boolean }) {
  return (
    <ul className="comment-list">
      {threads.map(({ comment, replies }) => (
        <CommentView key={comment.id} comment={comment} replies={replies} showReplyForm={showReplyForm} {...context} />
      ))}
    </ul>
  );
}

/** Comments without their replies, as threads for CommentList. */
export function asThreads(comments: CommentCard[]) {
  return comments.map((comment) => ({ comment }));
}
