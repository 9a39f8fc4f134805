const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;

/** Text (or an attribute's value) for markup written as a string: a mail, the calendar month's days. */
export function escapeHtml(value: string) {
  return SPECIAL.test(value) ? value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!) : value;
}
