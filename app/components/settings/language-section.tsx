import { useFormMessage } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { LANGUAGES } from "~/lib/languages";
import { SettingsForm } from "./settings-form";

/**
 * The interface language, saved on the account (intent "language"): pages, the API and mail
 * use it (issue 24). Each language is named in itself, so anyone finds their own.
 */
export function LanguageSection({ language, failure }: { language: string; failure?: FormFailure }) {
  const { t } = useTranslation("settings");
  const message = useFormMessage();
  const error = failure?.fieldErrors.language?.[0];
  const selected = failure?.values.language ?? language;
  return (
    <SettingsForm
      intent="language"
      title={t("language.title")}
      lead={<p>{t("language.lead")}</p>}
      submitLabel={t("language.submit")}
      failure={failure}
    >
      <div className="field">
        <label htmlFor="settings-language-choice">{t("language.choose")}</label>
        <select
          id="settings-language-choice"
          name="language"
          defaultValue={selected}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "settings-language-error" : undefined}
        >
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field-error" id="settings-language-error">
            {message(error)}
          </p>
        ) : null}
      </div>
    </SettingsForm>
  );
}
