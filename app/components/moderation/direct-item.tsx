import { Link } from "react-router";
import { LinkedText } from "~/components/content/linked-text";
import { useTranslation } from "~/lib/i18n-lite/react";
import { DIRECT_ACTIONS } from "~/lib/moderation";
import type { DirectQueueItem } from "~/server/moderation/operator-queue.server";
import { DecisionForm, ReasonList } from "./decision-form";
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
      <ReasonList reasons={item.reasons} />
      {item.authorId ? (
        <p>
          <Link to={`/users/${item.authorId}`}>
            {item.targetType === "user" ? t("openPersonProfile") : t("openProfile")}
          </Link>
        </p>
      ) : null}
      <DecisionForm
        action={action}
        targetType={item.targetType}
        targetId={item.targetId}
        decisions={DIRECT_ACTIONS[item.targetType]}
        label={(name) => (item.targetType === "user" && name === "warn" ? t("actions.warnPerson") : null)}
      />
    </li>
  );
}
