import { Form, Link } from "react-router";
import { LinkedText } from "~/components/content/linked-text";
import { MODERATION_ACTIONS, MODERATION_NOTE_MAX } from "~/lib/forms/moderation";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { QueueItem } from "~/server/moderation/queue.server";

/**
 * One reported post or comment in the queue (decision 161): its text, author, reasons, and one
 * form whose buttons are the decisions, with an optional note. A plain form: no JavaScript needed.
 */
export function QueueItemView({ item, action }: { item: QueueItem; action: string }) {
  const { t } = useTranslation("moderation");
  const id = `${item.targetType}-${item.targetId}`;
  const actions = MODERATION_ACTIONS.filter((name) => name !== "hide" || item.targetType === "post");
  return (
    <li className="card moderation-item" data-report={id}>
      <p className="moderation-kind">
        <strong>{item.targetType === "post" ? t("reportedPost") : t("reportedComment")}</strong>{" "}
        <span className="hint">
          {item.authorName ? t("by", { name: item.authorName }) : t("unknownAuthor")}
          {" · "}
          {t("reasons", { count: item.reasons.length })}
        </span>
      </p>
      <blockquote className="moderation-body">
        <LinkedText text={item.body} />
      </blockquote>
      <ul className="moderation-reasons">
        {item.reasons.map((reason, index) => (
          // Reasons have no ids of their own; their order is the reports' order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a list that never reorders
          <li key={index}>{reason}</li>
        ))}
      </ul>
      <p>
        <Link to={`/content/${item.postId}`}>{t("openPost")}</Link>
      </p>
      <Form method="post" action={action} className="stack moderation-form">
        <input type="hidden" name="targetType" value={item.targetType} />
        <input type="hidden" name="targetId" value={item.targetId} />
        <label htmlFor={`note-${id}`}>{t("note")}</label>
        <textarea
          id={`note-${id}`}
          name="note"
          rows={2}
          maxLength={MODERATION_NOTE_MAX}
          aria-describedby={`note-hint-${id}`}
        />
        <p id={`note-hint-${id}`} className="hint">
          {t("noteHint")}
        </p>
        <div className="moderation-actions">
          {actions.map((name) => (
            <button
              key={name}
              type="submit"
              name="action"
              value={name}
              className={name === "dismiss" ? "button-secondary" : undefined}
            >
              {t(`actions.${name}`)}
            </button>
          ))}
        </div>
      </Form>
    </li>
  );
}
