/**
 * The one rule for text people send (decision 114): C0 and C1 control characters never reach
 * what we store, whether it came from a form, a JSON body or a query string. A field that may
 * span lines (a textarea) keeps line feeds and tabs, with CR LF and a lone CR as LF; any other
 * field has them as spaces. Passwords are left as typed: they are compared, never shown.
 */

/** Fields that are textareas on the pages (and the same names in the API): multi-line text. */
const MULTILINE_FIELDS = new Set(["body", "content", "description", "message", "roster"]);
const NEVER_CHANGED = /password/i;

/** Every C0 control (tab and line feed too), DEL, and every C1 control; for replace(). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is what it is for
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

export function withoutControls(value: string, multiline: boolean): string {
  const text = value.replace(/\r\n?/g, "\n");
  if (!multiline) return text.replace(CONTROL_CHARACTERS, (c) => (c === "\t" || c === "\n" ? " " : ""));
  return text.replace(CONTROL_CHARACTERS, (c) => (c === "\t" || c === "\n" ? c : ""));
}

/** The text of a field named `field`, cleaned by the rule (strings inside arrays and objects too). */
export function cleanField(field: string, value: unknown): unknown {
  if (typeof value === "string") {
    return NEVER_CHANGED.test(field) ? value : withoutControls(value, MULTILINE_FIELDS.has(field));
  }
  if (Array.isArray(value)) return value.map((item) => cleanField(field, item));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return cleanFields(value as Record<string, unknown>);
  }
  return value;
}

/** Every field of a parsed body or query, cleaned by the rule. */
export function cleanFields(input: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) clean[field] = cleanField(field, value);
  return clean;
}

/** A form's fields cleaned by the rule; files as they came. */
export function cleanFormData(formData: FormData): FormData {
  const clean = new FormData();
  for (const [field, value] of formData)
    clean.append(field, typeof value === "string" ? (cleanField(field, value) as string) : value);
  return clean;
}
