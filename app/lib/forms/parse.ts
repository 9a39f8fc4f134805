import { z } from "zod";
import { cleanField } from "./plain-text";

export type FieldErrors = Record<string, string[]>;

export type FormFailure = {
  ok: false;
  /** i18next keys per field ("ns:key"), shown at the field. */
  fieldErrors: FieldErrors;
  /** A message for the whole form, also an i18next key. */
  formError?: string;
  formErrorValues?: Record<string, string | number>;
  /** What the user typed (never passwords), so nothing is lost on a failed submit. */
  values: Record<string, string>;
};

/** Where messages that belong to no single field go (a refine on the whole object). */
export const FORM_FIELD = "_form";

export type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/**
 * The one path from input to field errors: forms, JSON bodies and query strings all validate
 * with their zod schema here, and zod's own flattening groups the messages (i18next keys) by
 * field (docs/decisions/025-how-an-area-is-laid-out.md, 026-forms-with-zod.md).
 */
export function parseValues<Schema extends z.ZodType>(schema: Schema, input: unknown): Parsed<z.infer<Schema>> {
  // Control characters never reach stored text, whichever way it came (./plain-text.ts).
  const result = schema.safeParse(cleanField("", input));
  if (result.success) return { ok: true, data: result.data };
  const { formErrors, fieldErrors } = z.flattenError(result.error);
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors) as [string, string[] | undefined][]) {
    if (messages?.length) errors[field] = messages;
  }
  if (formErrors.length) errors[FORM_FIELD] = formErrors;
  return { ok: false, fieldErrors: errors };
}

const NEVER_ECHOED = /password|honeypot|website|token/i;

export function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !NEVER_ECHOED.test(key)) values[key] = value;
  }
  return values;
}

/** Parses a form with its zod schema; on failure, returns errors by field and the typed values. */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  formData: FormData,
): { ok: true; data: z.infer<Schema> } | FormFailure {
  const parsed = parseValues(schema, Object.fromEntries(formData));
  if (parsed.ok) return parsed;
  return { ok: false, fieldErrors: parsed.fieldErrors, values: typedValues(formData) };
}

/** A failure the service found after the schema passed (taken, wrong password…), at its fields. */
export function fieldFailure(formData: FormData, fieldErrors: FieldErrors): FormFailure {
  return { ok: false, fieldErrors, values: typedValues(formData) };
}

export function formFailure(
  formData: FormData,
  formError: string,
  formErrorValues?: FormFailure["formErrorValues"],
  fieldErrors: FieldErrors = {},
): FormFailure {
  return { ok: false, fieldErrors, formError, formErrorValues, values: typedValues(formData) };
}
