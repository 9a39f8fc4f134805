import { Form, useNavigation } from "react-router";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { useTranslation } from "~/lib/i18n-lite/react";
import { MODERATION_NOTE_MAX, type ModerationAction } from "~/lib/moderation";

/** A report's reasons, in the order they came; each in its writer's direction (decision 140). */
export function ReasonList({ reasons }: { reasons: string[] }) {
  return (
    <ul className="moderation-reasons">
      {reasons.map((reason, index) => (
        // Reasons have no ids of their own; their order is the reports' order.
        // biome-ignore lint/suspicious/noArrayIndexKey: a list that never reorders
        <li key={index} dir="auto">
          {reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * The decisions on one reported item (decisions 161, 186): one plain form, an optional note, a
 * button per decision. No JavaScript needed. `label` names a button where its usual text does not fit.
 * With JavaScript, while a decision is sent its buttons wait and the pressed one says so, so a
 * second tap on a slow phone cannot decide twice.
 */
export function DecisionForm({
  action,
  targetType,
  targetId,
  decisions,
  label,
}: {
  action: string;
  targetType: string;
  targetId: number;
  decisions: readonly ModerationAction[];
  label?: (decision: ModerationAction) => string | null;
}) {
  const { t } = useTranslation("moderation");
  const id = `${targetType}-${targetId}`;
  const pending = usePendingSubmit({ action, values: { targetType, targetId: String(targetId) } });
  const chosen = useNavigation().formData?.get("action");
  return (
    <Form method="post" action={action} className="stack moderation-form">
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
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
        {decisions.map((name) => (
          <button
            key={name}
            type="submit"
            name="action"
            value={name}
            className={name === "dismiss" ? "button-secondary" : undefined}
            disabled={pending}
            aria-busy={(pending && chosen === name) || undefined}
          >
            {pending && chosen === name ? t("deciding") : (label?.(name) ?? t(`actions.${name}`))}
          </button>
        ))}
      </div>
    </Form>
  );
}
