import { AccountField } from "~/components/form/account-fields";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SettingsForm } from "./settings-form";

/** Name and username (intent "profile"). */
export function ProfileSection({
  name,
  username,
  failure,
}: {
  name: string;
  username: string | null;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("settings");
  return (
    <SettingsForm intent="profile" title={t("profile.title")} submitLabel={t("save")} failure={failure}>
      <AccountField
        name="name"
        id="profile-name"
        label={t("profile.name")}
        hint={t("profile.nameHint")}
        defaultValue={name}
        failure={failure}
      />
      <AccountField
        name="username"
        id="profile-username"
        label={t("profile.username")}
        hint={t("profile.usernameHint")}
        defaultValue={username ?? ""}
        failure={failure}
      />
    </SettingsForm>
  );
}
