import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { FormError } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";

export type SettingsFailure = Pick<FormFailure, "fieldErrors" | "values" | "formError" | "formErrorValues">;

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
  failure?: SettingsFailure;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("settings");
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
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
          <button type="submit" className={danger ? "button-danger" : undefined} disabled={pending}>
            {pending ? t("saving") : submitLabel}
          </button>
        </div>
      </Form>
    </section>
  );
}
