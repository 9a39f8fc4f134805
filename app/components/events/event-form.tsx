import type { ComponentProps } from "react";
import { Form } from "react-router";
import { Field, useFormMessage } from "~/components/form/field";
import { zoneOptions } from "~/lib/calendar/zones";
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
} from "~/lib/community-limits";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import type events from "~/locales/en/events.json";

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
  /** A field of this form: its label, value and errors all follow from its name. */
  const field = (name: keyof (typeof events)["form"], props: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field label={t(`form.${name}`)} name={name} defaultValue={v[name]} errors={errors[name]} {...props} />
  );
  return (
    <Form method="post" className="event-form card" noValidate>
      {failure?.formError ? (
        <p className="form-error" role="alert">
          {message(failure.formError)}
        </p>
      ) : null}
      {communities
        ? field("community", {
            children: (control) => (
              <select {...control} defaultValue={v.community}>
                {communities.map(({ id, name }) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            ),
          })
        : null}
      {field("title", { required: true, maxLength: EVENT_TITLE_MAX_LENGTH })}
      <label className="check">
        <input type="checkbox" name="allDay" defaultChecked={v.allDay === "on" || v.allDay === "1"} />
        {t("form.allDay")}
      </label>
      <div className="field-row">
        {field("startDate", { type: "date", required: true })}
        {field("startTime", { type: "time" })}
      </div>
      <div className="field-row">
        {field("endDate", { type: "date", hint: t("form.endHint") })}
        {field("endTime", { type: "time", hint: t("form.endHint") })}
      </div>
      {field("timeZone", {
        children: (control) => (
          <select {...control} defaultValue={zone}>
            {zoneOptions(zone).map((option) => (
              <option key={option} value={option}>
                {option.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        ),
      })}
      {field("location", { maxLength: EVENT_LOCATION_MAX_LENGTH })}
      {field("description", {
        children: (control) => (
          <textarea {...control} rows={4} maxLength={EVENT_DESCRIPTION_MAX_LENGTH} defaultValue={v.description} />
        ),
      })}
      <div className="field-row">
        {field("recurrence", {
          children: (control) => (
            <select {...control} defaultValue={v.recurrence ?? "none"}>
              <option value="none">{t("form.recurrenceNone")}</option>
              <option value="weekly">{t("form.recurrenceWeekly")}</option>
              <option value="monthly">{t("form.recurrenceMonthly")}</option>
            </select>
          ),
        })}
        {field("recurrenceUntil", { type: "date", hint: t("form.recurrenceUntilHint") })}
      </div>
      {field("capacity", { type: "number", min: 1, inputMode: "numeric", hint: t("form.capacityHint") })}
      <button type="submit">{submitLabel}</button>
    </Form>
  );
}
