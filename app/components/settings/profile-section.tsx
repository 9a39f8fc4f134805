import { useTranslation } from "react-i18next";
import { Field } from "~/components/form/field";
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from "~/lib/account";
import type { FormFailure } from "~/lib/forms/parse";
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
  const values = failure?.values ?? {};
  return (
    <SettingsForm intent="profile" title={t("profile.title")} submitLabel={t("save")} failure={failure}>
      <Field
        id="profile-name"
        label={t("profile.name")}
        name="name"
        hint={t("profile.nameHint")}
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        defaultValue={values.name ?? name}
        errors={failure?.fieldErrors.name}
      />
      <Field
        id="profile-username"
        label={t("profile.username")}
        name="username"
        hint={t("profile.usernameHint")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        defaultValue={values.username ?? username ?? ""}
        errors={failure?.fieldErrors.username}
      />
    </SettingsForm>
  );
}
