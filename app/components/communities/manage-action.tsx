import { Form } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * One manage-page button: a plain form, or the confirmation pattern when `question` is set (DESIGN §1).
 * With JavaScript the button says it is saving while its form is sent (decision 194).
 */
export function ManageAction({
  action,
  fields,
  label,
  question,
  secondary,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  question?: string;
  secondary?: boolean;
}) {
  const { t } = useTranslation("communities");
  const className = secondary ? "button-secondary" : undefined;
  const pending = usePendingSubmit({ action, values: fields });
  if (question) {
    return (
      <ConfirmForm
        action={action}
        fields={fields}
        question={question}
        confirmLabel={t("actions.yes")}
        cancelLabel={t("actions.no")}
        buttonClassName={className}
      >
        {label}
      </ConfirmForm>
    );
  }
  return (
    <Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton className={className} pending={pending} pendingLabel={t("manage.saving")}>
        {label}
      </SubmitButton>
    </Form>
  );
}
