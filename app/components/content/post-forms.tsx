import { useEffect, useState } from "react";
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

/** The query parameters that open one form on a post's page (`?report=comment-9`, `?edit=comment-9`). */
const OPENERS = ["report", "edit"] as const;
type Opener = { param: (typeof OPENERS)[number]; value: string };

/**
 * Where a form on a post sends the reader back to (PRG): the page it was posted from, without
 * the parameter that opened the form (decision 076), so the page comes back closed.
 */
export function useReturnTo() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  for (const param of OPENERS) search.delete(param);
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
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
  // The intent travels with the button and the target as one value (decision 076).
  return (
    <fetcher.Form method="post" action={`/content/${postId}`} preventScrollReset>
      <input type="hidden" name="target" value={`${target.type}:${target.id}`} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value={showLiked ? "unlike" : "like"}
        className="link-button"
        aria-pressed={showLiked}
      >
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

type TextFormProps = {
  postId: number;
  summary: string;
  label: string;
  submit: string;
  fields: Record<string, string>;
  name: string;
  maxLength: number;
  defaultValue?: string;
  /** The query parameter that opens it on the post's page (decision 076). */
  opener: Opener;
};

function TextForm({
  postId,
  label,
  submit,
  fields,
  name,
  maxLength,
  defaultValue,
  autoFocus,
}: Omit<TextFormProps, "summary" | "opener"> & { autoFocus?: boolean }) {
  const returnTo = useReturnTo();
  const id = `${fields.intent}-${Object.values(fields).join("-")}`;
  return (
    <Form method="post" action={`/content/${postId}`} className="comment-form" preventScrollReset>
      {Object.entries({ ...fields, returnTo }).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
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
      <button type="submit">{submit}</button>
    </Form>
  );
}

/**
 * A form that opens in a <details> (so it opens without JavaScript) and posts one text to the
 * post's page: reporting a post or a comment with a reason, editing one's own comment. The
 * post's page renders these; `?report=…`/`?edit=…` opens one (the lists link there without
 * JavaScript).
 */
export function DisclosedTextForm({ summary, opener, ...form }: TextFormProps) {
  const open = new URLSearchParams(useLocation().search).get(opener.param) === opener.value;
  return (
    <details className="report-form" open={open || undefined}>
      <summary className="link-button">{summary}</summary>
      <TextForm {...form} autoFocus={open} />
    </details>
  );
}

/**
 * The same form in a list of posts (decision 076): without JavaScript a link to the post's page
 * with this form open; with it, the form is made here when asked for, and not before: a page
 * of twenty posts no longer carries sixty closed forms.
 */
export function LinkedTextForm({ summary, opener, ...form }: TextFormProps) {
  const [open, setOpen] = useState(false);
  // Sent (the page reloaded after the redirect) or left: the form closes.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever a navigation completes
  useEffect(() => setOpen(false), [key]);
  const anchor = form.fields.commentId ?? (form.fields.targetType === "comment" ? form.fields.targetId : undefined);
  const href = `/content/${form.postId}?${opener.param}=${opener.value}${anchor ? `#comment-${anchor}` : ""}`;
  return (
    <>
      <a
        href={href}
        className="link-button"
        aria-expanded={open || undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen(!open);
        }}
      >
        {summary}
      </a>
      {open ? (
        <div className="report-form inline-text-form">
          <TextForm {...form} autoFocus />
        </div>
      ) : null}
    </>
  );
}

/** Report a post or a comment to its community's managers, with a reason (decision 046). */
export function ReportForm({ postId, target, linked }: { postId: number; target: Target; linked?: boolean }) {
  const { t } = useTranslation("content");
  const Shown = linked ? LinkedTextForm : DisclosedTextForm;
  return (
    <Shown
      postId={postId}
      summary={t("post.report")}
      label={t(target.type === "post" ? "post.reportReason" : "post.reportCommentReason")}
      submit={t("post.sendReport")}
      fields={{ intent: "report", targetType: target.type, targetId: String(target.id) }}
      name="reason"
      maxLength={500}
      opener={{ param: "report", value: target.type === "post" ? "post" : `comment-${target.id}` }}
    />
  );
}
