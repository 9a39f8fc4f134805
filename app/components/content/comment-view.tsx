import { HiddenByBlock } from "~/components/friends/block-control";
import { actionWithFields } from "~/lib/action-fields";
import { useClock, When } from "~/lib/clock";
import { COMMENT_MAX_LENGTH } from "~/lib/community-limits";
import type { ShownComment } from "~/lib/post-card";
import { TranslationToggle, translationIn } from "../translation/translation-toggle";
import { LinkedText } from "./linked-text";
import type { PostTranslations } from "./post-events";
import {
  type ContentT,
  DeleteForm,
  ItemMenu,
  LikeForm,
  OpenedTextForm,
  reportForm,
  TextFormLink,
  type TextFormProps,
} from "./post-forms";

// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function CommentForm({
  t,
  postId,
  replyTo,
  returnTo,
  id,
}: {
  t: ContentT;
  postId: number;
  replyTo?: number;
  returnTo: string;
  /** The box's id: the post's comment icon links to it (`comment-body-<post>`). */
  id?: string;
}) {
  const label = replyTo ? t("post.replyLabel") : t("post.commentLabel");
  // Where it replies and returns to ride in the action URL (decision 106).
  const fields: Record<string, string> = replyTo ? { replyTo: String(replyTo), returnTo } : { returnTo };
  return (
    <form method="post" action={actionWithFields(`/content/${postId}`, fields)} className="comment-form comment-new">
      {/* Named by aria-label, shown by its placeholder (decision 106): no hidden <label> per post. */}
      <textarea
        id={id}
        aria-label={label}
        name="body"
        rows={1}
        required
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={label}
      />
      {/* biome-ignore lint/a11y/useButtonType: a form's one button submits by default (decision 192) */}
      <button name="intent" value="comment">
        {replyTo ? t("post.reply") : t("post.comment")}
      </button>
    </form>
  );
}

/**
 * What every comment of a post shares, handed down from the card or the post's page
 * (decision 096): its translator and language, where forms return to, the likes being sent,
 * and which Report/Edit form is open in this post ("" for none; decisions 076, 124).
 */
export type CommentContext = {
  t: ContentT;
  language: string;
  postId: number;
  viewerId: number;
  canModerate: boolean;
  returnTo: string;
  pendingLikes: string;
  openForm: string;
  /** "See translation" is offered (decision 150), and what is shown translated. */
  canTranslate?: boolean;
  translations?: PostTranslations;
};

/**
 * A comment with its forms: like; edit (its author) or report (anyone else); delete (its author
 * or a manager). Replies under it, and the reply form on the post's own page.
 */
export function CommentView({
  comment,
  replies,
  showReplyForm,
  context,
}: {
  comment: ShownComment;
  replies?: ShownComment[];
  showReplyForm?: boolean;
  context: CommentContext;
}) {
  const { t, postId, viewerId, canModerate, returnTo, openForm } = context;
  const clock = useClock();
  const isAuthor = comment.author?.id === viewerId;
  const target = { type: "comment" as const, id: comment.id };
  const item = `comment-${comment.id}`;
  const translation = translationIn(context.translations, item);
  const report = reportForm(t, postId, target, returnTo);
  const edit: TextFormProps = {
    postId,
    summary: t("post.edit"),
    label: t("post.editCommentLabel"),
    submit: t("post.saveComment"),
    fields: { intent: "editComment", commentId: String(comment.id) },
    name: "body",
    maxLength: COMMENT_MAX_LENGTH,
    defaultValue: comment.body,
    opener: `edit=comment-${comment.id}`,
    returnTo,
  };
  if (comment.blockedAuthor && comment.author) {
    // The viewer blocked its author (decision 160): the notice and the undo, replies still below.
    return (
      <li className="comment" id={`comment-${comment.id}`}>
        <HiddenByBlock
          userId={comment.author.id}
          returnTo={returnTo}
          text={t("common:blocked.hidden")}
          undo={t("common:blocked.undo")}
        />
        {replies?.length ? <CommentList threads={asThreads(replies)} context={context} /> : null}
      </li>
    );
  }
  return (
    <li className="comment" id={`comment-${comment.id}`}>
      <p className="comment-meta">
        <strong dir="auto">{comment.author?.name ?? t("common:unknownUser")}</strong>{" "}
        <span className="hint">
          {When({ at: comment.createdAt, clock })}
          {comment.editedAt ? ` · ${t("post.edited")}` : null}
        </span>
      </p>
      {LinkedText({
        text: translation?.text ?? comment.body,
        lang:
          translation || !comment.lang || comment.lang === context.language.split("-")[0] ? undefined : comment.lang,
      })}
      {TranslationToggle({
        t,
        readerLocale: context.language,
        itemKey: item,
        itemLang: comment.lang,
        enabled: context.canTranslate ?? false,
        translation,
        page: `/content/${postId}?translate=${item}#comment-${comment.id}`,
        original: `/content/${postId}#comment-${comment.id}`,
      })}
      <div className="post-actions comment-actions">
        {LikeForm({
          t,
          postId,
          target,
          liked: comment.liked,
          count: comment.likeCount,
          pendingLikes: context.pendingLikes,
          returnTo,
        })}
        <ItemMenu label={t("post.commentActions")}>
          {TextFormLink({ form: isAuthor ? edit : report, open: openForm === (isAuthor ? edit : report).opener })}
          {isAuthor || canModerate ? (
            <DeleteForm t={t} postId={postId} target={target} returnTo={returnTo} buttonClassName="menu-button" />
          ) : null}
        </ItemMenu>
      </div>
      {openForm === edit.opener && isAuthor ? <OpenedTextForm {...edit} /> : null}
      {openForm === report.opener && !isAuthor ? <OpenedTextForm {...report} /> : null}
      {replies?.length ? <CommentList threads={asThreads(replies)} context={context} /> : null}
      {showReplyForm ? CommentForm({ t, postId, replyTo: comment.id, returnTo }) : null}
    </li>
  );
}

/** Comments one under the other: a post's first ones, its threads with their replies, a thread's replies. */
export function CommentList({
  threads,
  showReplyForm,
  context,
}: {
  threads: { comment: ShownComment; replies?: ShownComment[] }[];
  showReplyForm?: boolean;
  context: CommentContext;
}) {
  return (
    <ul className="comment-list">
      {threads.map(({ comment, replies }) => (
        <CommentView
          key={comment.id}
          comment={comment}
          replies={replies}
          showReplyForm={showReplyForm}
          context={context}
        />
      ))}
    </ul>
  );
}

/** Comments without their replies, as threads for CommentList. */
export function asThreads(comments: ShownComment[]) {
  return comments.map((comment) => ({ comment }));
}
