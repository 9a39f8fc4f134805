import type { z } from "zod";

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
  const result = schema.safeParse(Object.fromEntries(formData));
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "_form");
    fieldErrors[field] ??= [];
    fieldErrors[field].push(issue.message);
  }
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
