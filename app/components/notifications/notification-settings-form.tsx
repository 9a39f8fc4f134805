import { Form, useLocation } from "react-router";
import { FormError, useFormMessage } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import type { NotificationSettings } from "~/lib/forms/notification-settings";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { EMAIL_KINDS, EMAIL_MODES } from "~/lib/notification-kinds";

const field = (kind: string) => `email${kind[0]!.toUpperCase()}${kind.slice(1)}`;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Email per kind, quiet hours and the digest hour (issue 23 items 5–7): one plain POST, so it
 * works without JavaScript; what was typed comes back with the errors beside their fields.
 */
export function NotificationSettingsForm({
  settings,
  zone,
  failure,
}: {
  settings: NotificationSettings;
  zone: string;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("notifications");
  const message = useFormMessage();
  const location = useLocation();
  const pending = usePendingSubmit();
  const value = (name: string, saved: string | number) => failure?.values[name] ?? String(saved);
  const errorOf = (name: string) => failure?.fieldErrors[name]?.[0];
  const errorText = (name: string) => {
    const error = errorOf(name);
    return error ? (
      <p className="field-error" id={`notify-${name}-error`}>
        {message(error)}
      </p>
    ) : null;
  };
  const described = (name: string) =>
    errorOf(name) ? { "aria-invalid": true, "aria-describedby": `notify-${name}-error` } : {};
  return (
    <Form method="post" noValidate key={location.key} className="stack">
      <FormError error={failure?.formError} values={failure?.formErrorValues} />
      <section className="settings-section" id="notify-email" aria-labelledby="notify-email-title">
        <h2 id="notify-email-title">{t("settings.emailTitle")}</h2>
        <p>{t("settings.emailLead")}</p>
        {EMAIL_KINDS.map((kind) => (
          <div className="field" key={kind}>
            <label htmlFor={`notify-${field(kind)}`}>{t(`settings.kinds.${kind}`)}</label>
            <select
              id={`notify-${field(kind)}`}
              name={field(kind)}
              defaultValue={value(field(kind), settings.email[kind])}
              {...described(field(kind))}
            >
              {EMAIL_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`settings.modes.${mode}`)}
                </option>
              ))}
            </select>
            {errorText(field(kind))}
          </div>
        ))}
        <p className="field-hint">{t("settings.immediateHint")}</p>
        <p className="field-hint">{t("settings.postsPushHint")}</p>
        <div className="field">
          <label htmlFor="notify-digestHour">{t("settings.digestHour")}</label>
          <select
            id="notify-digestHour"
            name="digestHour"
            defaultValue={value("digestHour", settings.digestHour)}
            {...described("digestHour")}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {`${String(hour).padStart(2, "0")}:00`}
              </option>
            ))}
          </select>
          {errorText("digestHour")}
        </div>
      </section>
      <section className="settings-section" id="notify-quiet" aria-labelledby="notify-quiet-title">
        <h2 id="notify-quiet-title">{t("settings.quietTitle")}</h2>
        <p>{t("settings.quietLead")}</p>
        <p>{t("settings.zoneNote", { zone: zone.replaceAll("_", " ") })}</p>
        {(["quietStart", "quietEnd"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`notify-${name}`}>{t(`settings.${name}`)}</label>
            <input
              id={`notify-${name}`}
              name={name}
              type="time"
              defaultValue={value(name, settings[name])}
              {...described(name)}
            />
            {errorText(name)}
          </div>
        ))}
      </section>
      <div className="settings-actions">
        <SubmitButton className="button-secondary" pending={pending} pendingLabel={t("settings.saving")}>
          {t("settings.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}
