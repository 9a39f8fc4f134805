import { toInputs } from "~/lib/calendar/time-zone";
import { eventFormSchema, eventTimes } from "~/lib/forms/events";
import { type FormFailure, parseForm, typedValues } from "~/lib/forms/parse";
import type { EventInput, StoredEvent } from "~/server/events/events.server";

/** Reads the event form into service input, or the failure to re-render (DESIGN §1). */
export function readEventForm(formData: FormData): { ok: true; input: EventInput } | FormFailure {
  const parsed = parseForm(eventFormSchema, formData);
  if (!parsed.ok) return parsed;
  const form = parsed.data;
  const times = eventTimes(form);
  if (!times) {
    return { ok: false, fieldErrors: { endDate: ["events:errors.order"] }, values: typedValues(formData) };
  }
  return {
    ok: true,
    input: {
      title: form.title,
      description: form.description,
      location: form.location,
      timeZone: form.timeZone,
      recurrence: form.recurrence,
      capacity: form.capacity,
      ...times,
    },
  };
}

const DAY = 86_400_000;
const isoDate = (key: number) => new Date(key).toISOString().slice(0, 10);

/** A stored event as the form's values, in its own zone. */
export function formValuesOf(event: StoredEvent): Record<string, string> {
  const base = {
    title: event.title,
    timeZone: event.timeZone,
    location: event.location ?? "",
    description: event.description,
    recurrence: event.recurrence,
    recurrenceUntil: event.recurrenceUntil === null ? "" : isoDate(event.recurrenceUntil),
    capacity: event.capacity === null ? "" : String(event.capacity),
  };
  if (event.allDay) {
    const last = event.endsAt === null ? event.startsAt : event.endsAt - DAY;
    return {
      ...base,
      allDay: "on",
      startDate: isoDate(event.startsAt),
      endDate: last > event.startsAt ? isoDate(last) : "",
    };
  }
  const start = toInputs(event.startsAt, event.timeZone);
  const end = event.endsAt === null ? null : toInputs(event.endsAt, event.timeZone);
  return {
    ...base,
    startDate: start.date,
    startTime: start.time,
    endDate: end && end.date !== start.date ? end.date : "",
    endTime: end?.time ?? "",
  };
}
