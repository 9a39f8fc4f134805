import type { TFunction } from "i18next";
import { useNavigation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { actionWithFields } from "~/lib/action-fields";
import { useTranslation } from "~/lib/i18n-lite/react";
import { REPORT_REASON_MAX } from "~/lib/moderation";

/**
 * The card's translator (`useTranslation(["content", "common"])`), handed down: one
 * useTranslation per post, not one per form (decision 096).
 */
export type ContentT = TFunction<["content", "common"]>;

export type Target = { type: "post" | "comment"; id: number };

/**
 * Like / unlike: a plain form without JavaScript; with it, the list's handler sends it through
 * a fetcher and `pending` (the list's reading of that fetcher) shows the result at once
 * (decision 096).
 */
// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function LikeForm({
  t,
  postId,
  target,
  liked,
  count,
  pendingLikes,
  returnTo,
}: {
  t: ContentT;
  postId: number;
  target: Target;
  liked: boolean;
  count: number;
  /** The likes being sent in this post, "post:5=like;comment:9=unlike;" (usePostEvents). */
  pendingLikes: string;
  returnTo: string;
}) {
  const value = `${target.type}:${target.id}`;
  const pending = pendingLikes.includes(`${value}=`)
    ? pendingLikes.includes(`${value}=like;`)
      ? "like"
      : "unlike"
    : null;
  const showLiked = pending ? pending === "like" : liked;
  const shownCount = count + (showLiked === liked ? 0 : showLiked ? 1 : -1);
  // The target, the way back (decision 106) and what a tap does ride in the action URL, the
  // intent last: the list's handler keys a like by what comes before it, so a second tap on the
  // same post or comment replaces the first (usePostEvents). No name and value on the button
  // (decision 204).
  const intent = showLiked ? "unlike" : "like";
  return (
    <form method="post" action={actionWithFields(`/content/${postId}`, { target: value, returnTo, intent })}>
      {/* biome-ignore lint/a11y/useButtonType: a form's one button submits by default; one attribute less on every like (decision 192) */}
      <button
        aria-pressed={showLiked}
        aria-label={`${showLiked ? t("post.unlike") : t("post.like")} · ${t("post.likes", { count: shownCount })}`}
      >
        {shownCount}
      </button>
    </form>
  );
}

/** Deleting a post or a comment asks first (DESIGN §1), with or without JavaScript. */
export function DeleteForm({
  t,
  postId,
  target,
  returnTo,
  buttonClassName = "link-button",
}: {
  t: ContentT;
  postId: number;
  target: Target;
  returnTo: string;
  /** null: no class, as in a card's menu, whose CSS knows its buttons by their place (decision 233). */
  buttonClassName?: string | null;
}) {
  const fields: Record<string, string> =
    target.type === "post"
      ? { intent: "deletePost", returnTo }
      : { intent: "deleteComment", commentId: String(target.id), returnTo };
  // The fields ride in the action URL (decision 106): both of ConfirmForm's forms post there.
  return (
    <ConfirmForm
      action={actionWithFields(`/content/${postId}`, fields)}
      question={t(target.type === "post" ? "post.confirmDeletePost" : "post.confirmDeleteComment")}
      confirmLabel={t("post.yes")}
      cancelLabel={t("post.no")}
      buttonClassName={buttonClassName ?? undefined}
    >
      {t("post.delete")}
    </ConfirmForm>
  );
}

/** A text form on a post: reporting a post or a comment with a reason, editing one's own comment. */
export type TextFormProps = {
  postId: number;
  summary: string;
  label: string;
  submit: string;
  fields: Record<string, string>;
  name: string;
  maxLength: number;
  defaultValue?: string;
  /** The query that opens it on the post's page (decision 076): "report=post", "edit=comment-9". */
  opener: string;
  returnTo: string;
};

function TextForm({
  postId,
  label,
  submit,
  fields,
  name,
  maxLength,
  defaultValue,
  returnTo,
  autoFocus,
  sending,
}: Omit<TextFormProps, "summary" | "opener"> & { autoFocus?: boolean; sending?: string }) {
  const id = `${fields.intent}-${Object.values(fields).join("-")}`;
  return (
    <form
      method="post"
      action={actionWithFields(`/content/${postId}`, { ...fields, returnTo })}
      className="comment-form"
    >
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={2}
        required
        maxLength={maxLength}
        defaultValue={defaultValue}
        // biome-ignore lint/a11y/noAutofocus: the reader just asked for this form; focus goes where they will type
        autoFocus={autoFocus}
      />
      <button type="submit" disabled={Boolean(sending)} aria-busy={sending ? true : undefined}>
        {sending ?? submit}
      </button>
    </form>
  );
}

/**
 * A Report/Edit entry of a post's or a comment's menu (decisions 076, 124): without JavaScript a
 * link to the post's page with this form open; with it, the list's handler (usePostEvents) opens
 * the form under the post or comment, made at that moment: a page of posts carries no closed forms.
 */
// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function TextFormLink({ form, open }: { form: TextFormProps; open: boolean }) {
  const anchor = form.fields.commentId ?? (form.fields.targetType === "comment" ? form.fields.targetId : undefined);
  const href = `/content/${form.postId}?${form.opener}${anchor ? `#comment-${anchor}` : ""}`;
  return (
    <a href={href} aria-expanded={open}>
      {form.summary}
    </a>
  );
}

/**
 * The form a menu's Report/Edit opened, under its post or comment. While it is being sent (with
 * JavaScript) its button waits, saying so, and cannot send the report twice.
 */
export function OpenedTextForm({ summary: _summary, opener: _opener, ...form }: TextFormProps) {
  const { t } = useTranslation("content");
  const navigation = useNavigation();
  const action = actionWithFields(`/content/${form.postId}`, { ...form.fields, returnTo: form.returnTo });
  const sending =
    navigation.state === "submitting" && navigation.formAction === action
      ? t(form.fields.intent === "report" ? "post.sendingReport" : "post.saving")
      : undefined;
  return (
    <div className="report-form inline-text-form">
      <TextForm {...form} autoFocus sending={sending} />
    </div>
  );
}

/** Reporting a post or a comment to its community's managers, with a reason (decision 046). */
export function reportForm(t: ContentT, postId: number, target: Target, returnTo: string): TextFormProps {
  return {
    postId,
    summary: t("post.report"),
    label: t(target.type === "post" ? "post.reportReason" : "post.reportCommentReason"),
    submit: t("post.sendReport"),
    fields: { intent: "report", targetType: target.type, targetId: String(target.id) },
    name: "reason",
    maxLength: REPORT_REASON_MAX,
    opener: `report=${target.type === "post" ? "post" : `comment-${target.id}`}`,
    returnTo,
  };
}

/**
 * A post's or a comment's "more" menu (decision 124): edit, pin, report and delete, out of the
 * way of the text. A <details>, so it opens without JavaScript; the list's handlers close it
 * on a tap outside or Escape (usePostEvents). Its icon is named by its `title`, which is also the
 * tooltip: no `aria-label` saying the same (decision 204). Its summary and buttons, like the
 * like's button and the comment icon, carry no class: communities.css and icons.css know them by
 * their place in `.post-actions` and `.item-menu` (decision 233).
 */
export function ItemMenu({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <details className="menu item-menu">
      <summary title={label} />
      <div className="menu-panel item-menu-panel">{children}</div>
    </details>
  );
}
