import { CurrentPasswordField } from "~/components/form/current-password-field";
import { Field } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SettingsForm } from "./settings-form";

/**
 * Deleting the account (intent "delete"). The password is the confirmation; accounts without
 * one type the word DELETE instead, so a stray click can never delete anything.
 */
export function DeleteSection({ hasPassword, failure }: { hasPassword: boolean; failure?: FormFailure }) {
  const { t } = useTranslation("settings");
  return (
    <SettingsForm
      intent="delete"
      title={t("delete.title")}
      lead={<p>{t("delete.lead")}</p>}
      submitLabel={t("delete.submit")}
      failure={failure}
      danger
    >
      {hasPassword ? (
        <CurrentPasswordField id="delete-password" name="password" label={t("delete.password")} failure={failure} />
      ) : (
        <Field
          id="delete-confirmation"
          label={t("delete.confirmation")}
          name="confirmation"
          hint={t("delete.confirmationHint")}
          autoComplete="off"
          autoCapitalize="characters"
          required
          errors={failure?.fieldErrors.confirmation}
        />
      )}
    </SettingsForm>
  );
}
