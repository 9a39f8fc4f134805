import { useTranslation } from "react-i18next";
import { Field } from "~/components/form/field";
import { EMAIL_MAX_LENGTH } from "~/lib/account";
import type { FormFailure } from "~/lib/forms/parse";
import { SettingsForm } from "./settings-form";

/** A new email address, confirmed through a mailed link (intent "email"). */
export function EmailSection({
  email,
  pendingEmail,
  hasPassword,
  failure,
}: {
  email: string;
  pendingEmail: string | null;
  hasPassword: boolean;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("settings");
  const values = failure?.values ?? {};
  const lead = (
    <>
      <p>{t("email.current", { email })}</p>
      {pendingEmail ? <p className="hint">{t("email.pending", { email: pendingEmail })}</p> : null}
    </>
  );
  return (
    <SettingsForm intent="email" title={t("email.title")} lead={lead} submitLabel={t("email.submit")} failure={failure}>
      <Field
        id="email-new"
        label={t("email.newEmail")}
        name="email"
        type="email"
        hint={t("email.hint")}
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        defaultValue={values.email}
        errors={failure?.fieldErrors.email}
      />
      {hasPassword ? (
        <Field
          id="email-current-password"
          label={t("currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          errors={failure?.fieldErrors.currentPassword}
        />
      ) : (
        <p className="hint">{t("email.noPasswordHint")}</p>
      )}
    </SettingsForm>
  );
}
