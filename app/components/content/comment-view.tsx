import { HiddenByBlock } from "~/components/friends/block-control";
import { actionWithFields } from "~/lib/action-fields";
import { When } from "~/lib/clock";
import { COMMENT_MAX_LENGTH } from "~/lib/community-limits";
import type { Clock } from "~/lib/date-format";
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
  // What it does, where it replies and where it returns to ride in the action URL (decisions 106,
  // 204): the button carries no name and value of its own.
  const fields: Record<string, string> = replyTo
    ? { intent: "comment", replyTo: String(replyTo), returnTo }
    : { intent: "comment", returnTo };
  return (
    <form method="post" action={actionWithFields(`/content/${postId}`, fields)} className="comment-form comment-new">
      {/* Named by aria-label, shown by its placeholder (decision 106): no hidden <label> per post. */}
      <textarea id={id} aria-label={label} name="body" required maxLength={COMMENT_MAX_LENGTH} placeholder={label} />
      {/* biome-ignore lint/a11y/useButtonType: a form's one button submits by default (decision 192) */}
      <button>{replyTo ? t("post.reply") : t("post.comment")}</button>
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
  /** The page's clock, read once by the card or the page (decision 192). */
  clock: Clock;
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
 * Hook-free, called as a function by CommentList (decision 213): the clock and the translator come
 * in the context, and only the one text form this reader is offered (Edit or Report) is described.
 */
function CommentView({
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
  const { t, postId, viewerId, canModerate, returnTo, openForm, clock } = context;
  const isAuthor = comment.author?.id === viewerId;
  const target = { type: "comment" as const, id: comment.id };
  const item = `comment-${comment.id}`;
  const translation = translationIn(context.translations, item);
  // Its author edits it, anyone else reports it (decision 124): the other form is never shown.
  const form: TextFormProps = isAuthor
    ? {
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
      }
    : reportForm(t, postId, target, returnTo);
  if (comment.blockedAuthor && comment.author) {
    // The viewer blocked its author (decision 160): the notice and the undo, replies still below.
    return (
      <li key={comment.id} className="comment" id={`comment-${comment.id}`}>
        <HiddenByBlock
          userId={comment.author.id}
          returnTo={returnTo}
          text={t("common:blocked.hidden")}
          undo={t("common:blocked.undo")}
        />
        {replies?.length ? CommentList({ threads: asThreads(replies), context }) : null}
      </li>
    );
  }
  return (
    <li key={comment.id} className="comment" id={`comment-${comment.id}`}>
      {/* The time and "Edited" are muted by the line's own class, not a span each (decision 204). */}
      <p className="comment-meta">
        <strong>{comment.author?.name ?? t("common:unknownUser")}</strong> {When({ at: comment.createdAt, clock })}
        {comment.editedAt ? ` · ${t("post.edited")}` : null}
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
        itemLang: comment.lang ?? null,
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
          liked: comment.liked ?? false,
          count: comment.likeCount ?? 0,
          pendingLikes: context.pendingLikes,
          returnTo,
        })}
        <ItemMenu label={t("post.commentActions")}>
          {TextFormLink({ form, open: openForm === form.opener })}
          {isAuthor || canModerate ? (
            <DeleteForm t={t} postId={postId} target={target} returnTo={returnTo} buttonClassName={null} />
          ) : null}
        </ItemMenu>
      </div>
      {openForm === form.opener ? <OpenedTextForm {...form} /> : null}
      {replies?.length ? CommentList({ threads: asThreads(replies), context }) : null}
      {showReplyForm ? CommentForm({ t, postId, replyTo: comment.id, returnTo }) : null}
    </li>
  );
}

/**
 * Comments one under the other: a post's first ones, its threads with their replies, a thread's
 * replies. Hook-free: called as a function, as each comment is (decision 213).
 */
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
      {threads.map(({ comment, replies }) => CommentView({ comment, replies, showReplyForm, context }))}
    </ul>
  );
}

/** Comments without their replies, as threads for CommentList. */
export function asThreads(comments: ShownComment[]) {
  return comments.map((comment) => ({ comment }));
}
