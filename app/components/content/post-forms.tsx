import { useTranslation } from "react-i18next";
import { Form, useFetcher, useLocation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { dateTimeFormat } from "~/lib/date-format";

type Target = { type: "post" | "comment"; id: number };

export function PostTime({ at }: { at: number }) {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return <time dateTime={new Date(at).toISOString()}>{format.format(at)}</time>;
}

/** Where a form on a post sends the reader back to (PRG): the page it was posted from. */
export function useReturnTo() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** Like / unlike: a plain form without JavaScript, a fetcher that shows the result at once with it. */
export function LikeForm({
  postId,
  target,
  liked,
  count,
}: {
  postId: number;
  target: Target;
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

/** Deleting a post or a comment asks first (DESIGN §1), with or without JavaScript. */
export function DeleteForm({ postId, target, returnTo }: { postId: number; target: Target; returnTo: string }) {
  const { t } = useTranslation("content");
  const fields: Record<string, string> =
    target.type === "post"
      ? { intent: "deletePost", returnTo }
      : { intent: "deleteComment", commentId: String(target.id), returnTo };
  return (
    <ConfirmForm
      action={`/content/${postId}`}
      fields={fields}
      question={t(target.type === "post" ? "post.confirmDeletePost" : "post.confirmDeleteComment")}
      confirmLabel={t("post.yes")}
      cancelLabel={t("post.no")}
      buttonClassName="link-button"
    >
      {t("post.delete")}
    </ConfirmForm>
  );
}

/**
 * A form that opens in a <details> (so it opens without JavaScript) and posts one text to the
 * post's page: reporting a post or a comment with a reason, editing one's own comment.
 */
export function DisclosedTextForm({
  postId,
  summary,
  label,
  submit,
  fields,
  name,
  maxLength,
  defaultValue,
}: {
  postId: number;
  summary: string;
  label: string;
  submit: string;
  fields: Record<string, string>;
  name: string;
  maxLength: number;
  defaultValue?: string;
}) {
  const returnTo = useReturnTo();
  const id = `${fields.intent}-${Object.values(fields).join("-")}`;
  return (
    <details className="report-form">
      <summary className="link-button">{summary}</summary>
      <Form method="post" action={`/content/${postId}`} className="comment-form" preventScrollReset>
        {Object.entries({ ...fields, returnTo }).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <label htmlFor={id}>{label}</label>
        <textarea id={id} name={name} rows={2} required maxLength={maxLength} defaultValue={defaultValue} />
        <button type="submit">{submit}</button>
      </Form>
    </details>
  );
}

/** Report a post or a comment to its community's managers, with a reason (decision 046). */
export function ReportForm({ postId, target }: { postId: number; target: Target }) {
  const { t } = useTranslation("content");
  return (
    <DisclosedTextForm
      postId={postId}
      summary={t("post.report")}
      label={t(target.type === "post" ? "post.reportReason" : "post.reportCommentReason")}
      submit={t("post.sendReport")}
      fields={{ intent: "report", targetType: target.type, targetId: String(target.id) }}
      name="reason"
      maxLength={500}
    />
  );
}
