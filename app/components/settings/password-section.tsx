import { NewPasswordFields } from "~/components/form/account-fields";
import { CurrentPasswordField } from "~/components/form/current-password-field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SettingsForm } from "./settings-form";

/** Change the password, or set a first one for Google and Apple accounts (intent "password"). */
export function PasswordSection({ hasPassword, failure }: { hasPassword: boolean; failure?: FormFailure }) {
  const { t } = useTranslation("settings");
  return (
    <SettingsForm
      intent="password"
      title={hasPassword ? t("password.title") : t("password.setTitle")}
      lead={<p>{t(hasPassword ? "password.lead" : "password.noPassword")}</p>}
      submitLabel={hasPassword ? t("password.submit") : t("password.setSubmit")}
      failure={failure}
    >
      {hasPassword ? (
        <CurrentPasswordField id="password-current" label={t("currentPassword")} failure={failure} />
      ) : null}
      <NewPasswordFields
        names={{ password: "newPassword", confirm: "confirmPassword" }}
        ids={{ password: "password-new", confirm: "password-confirm" }}
        labels={{ password: t("password.newPassword"), confirm: t("password.confirmPassword") }}
        hint={t("password.newPasswordHint")}
        failure={failure}
      />
    </SettingsForm>
  );
}
