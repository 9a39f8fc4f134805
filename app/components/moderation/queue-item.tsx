import { Link } from "react-router";
import { LinkedText } from "~/components/content/linked-text";
import { useTranslation } from "~/lib/i18n-lite/react";
import { MODERATION_ACTIONS } from "~/lib/moderation";
import type { QueueItem } from "~/server/moderation/community-queue.server";
import { DecisionForm, ReasonList } from "./decision-form";

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
      <ReasonList reasons={item.reasons} />
      <p>
        <Link to={`/content/${item.postId}`}>{t("openPost")}</Link>
      </p>
      <DecisionForm action={action} targetType={item.targetType} targetId={item.targetId} decisions={actions} />
    </li>
  );
}
