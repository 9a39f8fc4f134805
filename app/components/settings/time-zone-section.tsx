import { useFormMessage } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SettingsForm } from "./settings-form";

/** The zone every time is shown in (intent "timeZone", decision 121): the browser's until changed here. */
export function TimeZoneSection({
  timeZone,
  zones,
  failure,
}: {
  timeZone: string;
  zones: string[];
  failure?: FormFailure;
}) {
  const { t } = useTranslation("settings");
  const message = useFormMessage();
  const error = failure?.fieldErrors.timeZone?.[0];
  const selected = failure?.values.timeZone ?? timeZone;
  return (
    <SettingsForm
      intent="timeZone"
      title={t("timeZone.title")}
      lead={<p>{t("timeZone.lead")}</p>}
      submitLabel={t("timeZone.submit")}
      failure={failure}
    >
      <div className="field">
        <label htmlFor="settings-time-zone">{t("timeZone.choose")}</label>
        <select
          id="settings-time-zone"
          name="timeZone"
          defaultValue={selected}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "settings-time-zone-error" : undefined}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field-error" id="settings-time-zone-error">
            {message(error)}
          </p>
        ) : null}
      </div>
    </SettingsForm>
  );
}
