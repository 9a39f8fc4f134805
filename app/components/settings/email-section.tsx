import { AccountField } from "~/components/form/account-fields";
import { CurrentPasswordField } from "~/components/form/current-password-field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
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
  const lead = (
    <>
      <p>{t("email.current", { email })}</p>
      {pendingEmail ? <p className="hint">{t("email.pending", { email: pendingEmail })}</p> : null}
    </>
  );
  return (
    <SettingsForm intent="email" title={t("email.title")} lead={lead} submitLabel={t("email.submit")} failure={failure}>
      <AccountField name="email" id="email-new" label={t("email.newEmail")} hint={t("email.hint")} failure={failure} />
      {hasPassword ? (
        <CurrentPasswordField id="email-current-password" label={t("currentPassword")} failure={failure} />
      ) : (
        <p className="hint">{t("email.noPasswordHint")}</p>
      )}
    </SettingsForm>
  );
}
