import { Form, Link } from "react-router";
import { LinkedText } from "~/components/content/linked-text";
import { useTranslation } from "~/lib/i18n-lite/react";
import { DIRECT_ACTIONS, MODERATION_NOTE_MAX } from "~/lib/moderation";
import type { DirectQueueItem } from "~/server/moderation/operator-queue.server";
import { kindKey } from "./kind";

/**
 * One reported chat message, inbox message or person in the operators' queue (decision 186):
 * the text and the messages just before it, the author, every reason, and one plain form whose
 * buttons are the decisions, with an optional note.
 */
export function DirectItemView({ item, action }: { item: DirectQueueItem; action: string }) {
  const { t } = useTranslation("moderation");
  const id = `${item.targetType}-${item.targetId}`;
  return (
    <li className="card moderation-item" data-report={id}>
      <p className="moderation-kind">
        <strong>{t(kindKey(item.targetType))}</strong>{" "}
        <span className="hint">
          {item.targetType === "user" ? item.authorName : item.authorName ? t("by", { name: item.authorName }) : null}
          {" · "}
          {t("reasons", { count: item.reasons.length })}
        </span>
      </p>
      {item.context.length > 0 ? (
        <div className="moderation-context">
          <p className="hint">{t("contextBefore")}</p>
          <ol className="moderation-context-list">
            {item.context.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
              <li key={index} dir="auto">
                <strong>{line.name ?? "—"}:</strong> {line.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {item.body ? (
        <blockquote className="moderation-body" dir="auto">
          <LinkedText text={item.body} />
        </blockquote>
      ) : null}
      <ul className="moderation-reasons">
        {item.reasons.map((reason, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list that never reorders
          <li key={index}>{reason}</li>
        ))}
      </ul>
      {item.authorId ? (
        <p>
          <Link to={`/users/${item.authorId}`}>{t("openProfile")}</Link>
        </p>
      ) : null}
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
          {DIRECT_ACTIONS[item.targetType].map((name) => (
            <button
              key={name}
              type="submit"
              name="action"
              value={name}
              className={name === "dismiss" ? "button-secondary" : undefined}
            >
              {item.targetType === "user" && name === "warn" ? t("actions.warnPerson") : t(`actions.${name}`)}
            </button>
          ))}
        </div>
      </Form>
    </li>
  );
}
