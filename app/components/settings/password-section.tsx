import { useTranslation } from "react-i18next";
import { Field } from "~/components/form/field";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account";
import type { FormFailure } from "~/lib/forms/parse";
import { SettingsForm } from "./settings-form";

/** Change the password, or set a first one for Google and Apple accounts (intent "password"). */
export function PasswordSection({ hasPassword, failure }: { hasPassword: boolean; failure?: FormFailure }) {
  const { t } = useTranslation("settings");
  return (
    <SettingsForm
      intent="password"
      title={hasPassword ? t("password.title") : t("password.setTitle")}
      lead={hasPassword ? undefined : <p>{t("password.noPassword")}</p>}
      submitLabel={hasPassword ? t("password.submit") : t("password.setSubmit")}
      failure={failure}
    >
      {hasPassword ? (
        <Field
          id="password-current"
          label={t("currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          errors={failure?.fieldErrors.currentPassword}
        />
      ) : null}
      <Field
        id="password-new"
        label={t("password.newPassword")}
        name="newPassword"
        type="password"
        hint={t("password.newPasswordHint")}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        errors={failure?.fieldErrors.newPassword}
      />
      <Field
        id="password-confirm"
        label={t("password.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        errors={failure?.fieldErrors.confirmPassword}
      />
    </SettingsForm>
  );
}
