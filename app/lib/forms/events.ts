import { z } from "zod";
import { isValidTimeZone, localToUtc, parseDateInput, parseTimeInput } from "~/lib/calendar/time-zone";
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
} from "~/lib/community-limits";

/**
 * The event form (create and edit), shared by the page and the action. Dates and times are the
 * community's wall-clock values; `eventFromForm` turns them into UTC in the chosen zone.
 */
const date = z.string().refine((value) => parseDateInput(value) !== null, "events:errors.date");
const time = z
  .string()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || parseTimeInput(value) !== null, "events:errors.time");

export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, "events:errors.title").max(EVENT_TITLE_MAX_LENGTH, "events:errors.titleLong"),
    allDay: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "1"),
    startDate: date,
    startTime: time,
    endDate: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || parseDateInput(value) !== null, "events:errors.date"),
    endTime: time,
    timeZone: z.string().refine(isValidTimeZone, "events:errors.timeZone"),
    location: z.string().trim().max(EVENT_LOCATION_MAX_LENGTH).optional().default(""),
    description: z
      .string()
      .trim()
      .max(EVENT_DESCRIPTION_MAX_LENGTH, "events:errors.descriptionLong")
      .optional()
      .default(""),
    recurrence: z.enum(["none", "weekly", "monthly"]).default("none"),
    recurrenceUntil: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || parseDateInput(value) !== null, "events:errors.date"),
    capacity: z
      .string()
      .optional()
      .transform((value) => (value ? Number(value) : null))
      .refine(
        (value) => value === null || (Number.isInteger(value) && value >= 1 && value <= 100_000),
        "events:errors.capacity",
      ),
  })
  .superRefine((form, ctx) => {
    if (!form.allDay && !form.startTime)
      ctx.addIssue({ code: "custom", path: ["startTime"], message: "events:errors.time" });
  });

export type EventForm = z.infer<typeof eventFormSchema>;

export type EventTimes = {
  startsAt: number;
  endsAt: number | null;
  allDay: boolean;
  recurrenceUntil: number | null;
};

const DAY = 86_400_000;

/** UTC instants of a valid form; null when the end is before the start. */
export function eventTimes(form: EventForm): EventTimes | null {
  const start = parseDateInput(form.startDate)!;
  const until = form.recurrenceUntil ? parseDateInput(form.recurrenceUntil)! : null;
  const recurrenceUntil = until ? Date.UTC(until.year, until.month - 1, until.day) : null;
  if (form.allDay) {
    // Floating dates: UTC midnight of the first day, and of the day after the last (decision 056).
    const startsAt = Date.UTC(start.year, start.month - 1, start.day);
    const end = form.endDate ? parseDateInput(form.endDate)! : start;
    const endsAt = Date.UTC(end.year, end.month - 1, end.day) + DAY;
    if (endsAt <= startsAt) return null;
    return { startsAt, endsAt, allDay: true, recurrenceUntil };
  }
  const startTime = parseTimeInput(form.startTime!)!;
  const startsAt = localToUtc({ ...start, ...startTime }, form.timeZone);
  let endsAt: number | null = null;
  if (form.endTime || form.endDate) {
    const end = form.endDate ? parseDateInput(form.endDate)! : start;
    const endTime = form.endTime ? parseTimeInput(form.endTime)! : startTime;
    endsAt = localToUtc({ ...end, ...endTime }, form.timeZone);
    if (endsAt < startsAt) return null;
  }
  if (recurrenceUntil !== null && recurrenceUntil < Date.UTC(start.year, start.month - 1, start.day)) return null;
  return { startsAt, endsAt, allDay: false, recurrenceUntil };
}

/** Moving one occurrence: its new date and time in the event's zone. */
export const moveOccurrenceSchema = z.object({
  intent: z.literal("move"),
  occurrence: z.coerce.number().int(),
  date,
  time,
});

export const occurrenceIntentSchema = z.object({
  intent: z.enum(["cancelOccurrence", "cancelEvent"]),
  occurrence: z.coerce.number().int().optional(),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});

/** An answer for one date, named by its original start (decision 058). */
export const rsvpSchema = z.object({
  answer: z.enum(["going", "maybe", "not_going"]),
  occurrence: z.coerce.number().int().nonnegative(),
});

/** `?on=` of an event page: a date's original start, or null when absent or not a number. */
export function parseOccurrence(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** The calendar feed forms (POST /calendar/feed). */
export const feedActionSchema = z.object({
  intent: z.enum(["regenerate", "revoke"]),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});
