import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, useFormMessage } from "~/components/form/field";
import { zoneOptions } from "~/lib/calendar/zones";
import type { FormFailure } from "~/lib/forms/parse";

export type EventFormValues = Record<string, string>;

/**
 * Create and edit an event: title, start and end or all-day, zone, location, description,
 * repetition and places. A plain form; errors come back from the action with what was typed.
 */
export function EventForm({
  values,
  failure,
  submitLabel,
  communities,
}: {
  values: EventFormValues;
  failure?: FormFailure | null;
  submitLabel: string;
  communities?: { id: number; name: string }[];
}) {
  const { t } = useTranslation("events");
  const message = useFormMessage();
  const v = failure?.values ?? values;
  const errors = failure?.fieldErrors ?? {};
  const zone = v.timeZone ?? "UTC";
  return (
    <Form method="post" className="event-form card" noValidate>
      {failure?.formError ? (
        <p className="form-error" role="alert">
          {message(failure.formError)}
        </p>
      ) : null}
      {communities ? (
        <div className="field">
          <label htmlFor="field-community">{t("form.community")}</label>
          <select id="field-community" name="community" defaultValue={v.community}>
            {communities.map((community) => (
              <option key={community.id} value={community.id}>
                {community.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field
        label={t("form.title")}
        name="title"
        defaultValue={v.title}
        errors={errors.title}
        required
        maxLength={200}
      />
      <label className="check">
        <input type="checkbox" name="allDay" defaultChecked={v.allDay === "on" || v.allDay === "1"} />
        {t("form.allDay")}
      </label>
      <div className="field-row">
        <Field
          label={t("form.startDate")}
          name="startDate"
          type="date"
          defaultValue={v.startDate}
          errors={errors.startDate}
          required
        />
        <Field
          label={t("form.startTime")}
          name="startTime"
          type="time"
          defaultValue={v.startTime}
          errors={errors.startTime}
        />
      </div>
      <div className="field-row">
        <Field
          label={t("form.endDate")}
          name="endDate"
          type="date"
          defaultValue={v.endDate}
          errors={errors.endDate}
          hint={t("form.endHint")}
        />
        <Field
          label={t("form.endTime")}
          name="endTime"
          type="time"
          defaultValue={v.endTime}
          errors={errors.endTime}
          hint={t("form.endHint")}
        />
      </div>
      <div className="field">
        <label htmlFor="field-timeZone">{t("form.timeZone")}</label>
        <select id="field-timeZone" name="timeZone" defaultValue={zone}>
          {zoneOptions(zone).map((option) => (
            <option key={option} value={option}>
              {option.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t("form.location")}
        name="location"
        defaultValue={v.location}
        errors={errors.location}
        maxLength={200}
      />
      <div className="field">
        <label htmlFor="field-description">{t("form.description")}</label>
        <textarea id="field-description" name="description" rows={4} maxLength={5000} defaultValue={v.description} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="field-recurrence">{t("form.recurrence")}</label>
          <select id="field-recurrence" name="recurrence" defaultValue={v.recurrence ?? "none"}>
            <option value="none">{t("form.recurrenceNone")}</option>
            <option value="weekly">{t("form.recurrenceWeekly")}</option>
            <option value="monthly">{t("form.recurrenceMonthly")}</option>
          </select>
        </div>
        <Field
          label={t("form.recurrenceUntil")}
          name="recurrenceUntil"
          type="date"
          defaultValue={v.recurrenceUntil}
          errors={errors.recurrenceUntil}
          hint={t("form.recurrenceUntilHint")}
        />
      </div>
      <Field
        label={t("form.capacity")}
        name="capacity"
        type="number"
        min={1}
        inputMode="numeric"
        defaultValue={v.capacity}
        errors={errors.capacity}
        hint={t("form.capacityHint")}
      />
      <button type="submit">{submitLabel}</button>
    </Form>
  );
}
