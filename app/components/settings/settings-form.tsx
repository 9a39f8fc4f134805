import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import type { FormFailure } from "~/lib/forms/parse";

/**
 * One settings form in its own card: a plain POST with its `intent`, so it works without
 * JavaScript; with it, only the button of the form being sent shows that it is busy.
 */
export function SettingsForm({
  intent,
  title,
  lead,
  submitLabel,
  failure,
  danger = false,
  children,
}: {
  intent: string;
  title: string;
  lead?: ReactNode;
  submitLabel: string;
  failure?: FormFailure;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("settings");
  const location = useLocation();
  const pending = usePendingSubmit({ intent });
  const headingId = `settings-${intent}-title`;
  return (
    <section
      id={`settings-${intent}`}
      className={danger ? "card settings-section settings-danger" : "card settings-section"}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      {lead}
      {/* Remounts after each submit: a saved form shows the saved values, a failed one what was typed. */}
      <Form method="post" noValidate key={location.key} className="stack">
        <input type="hidden" name="intent" value={intent} />
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        {children}
        <div>
          <SubmitButton className={danger ? "button-danger" : undefined} pending={pending} pendingLabel={t("saving")}>
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
