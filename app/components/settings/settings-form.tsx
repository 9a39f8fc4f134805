import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * One section of the settings page (decision 039): its heading, then a plain POST with its
 * `intent`, so it works without JavaScript; with it, only the button of the form being sent
 * shows that it is busy. Every section's button is the same outlined size, at the end of its
 * form: none of them is the page's one main action.
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
      className={danger ? "settings-section settings-danger" : "settings-section"}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      {lead}
      {/* Remounts after each submit: a saved form shows the saved values, a failed one what was typed. */}
      <Form method="post" noValidate key={location.key} className="stack">
        <input type="hidden" name="intent" value={intent} />
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        {children}
        <div className="settings-actions">
          <SubmitButton
            className={danger ? "button-secondary button-danger-outline" : "button-secondary"}
            pending={pending}
            pendingLabel={t("saving")}
          >
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
