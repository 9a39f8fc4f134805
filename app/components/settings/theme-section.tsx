import { useFormMessage } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { THEMES } from "~/lib/themes";
import { SettingsForm } from "./settings-form";

/** One of the eight themes a–h (SPEC §3), saved on the account (intent "theme"). */
export function ThemeSection({ theme, failure }: { theme: string; failure?: FormFailure }) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const message = useFormMessage();
  const error = failure?.fieldErrors.theme?.[0];
  const selected = failure?.values.theme ?? theme;
  return (
    <SettingsForm
      intent="theme"
      title={t("theme.title")}
      lead={<p>{t("theme.lead")}</p>}
      submitLabel={t("theme.submit")}
      failure={failure}
    >
      <div className="field">
        <label htmlFor="settings-theme-choice">{t("theme.choose")}</label>
        <select
          id="settings-theme-choice"
          name="theme"
          defaultValue={selected}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "settings-theme-error" : undefined}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {tc(`theme.names.${name}`)}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field-error" id="settings-theme-error">
            {message(error)}
          </p>
        ) : null}
      </div>
    </SettingsForm>
  );
}
