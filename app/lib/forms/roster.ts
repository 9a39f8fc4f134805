import { z } from "zod";
import { ROSTER_MAX_ROWS } from "~/lib/file-limits";
import { emailField } from "./account";

export { ROSTER_MAX_ROWS };
/** Enough for 500 rows of name, address and student; a larger paste or file is refused unread. */
export const ROSTER_MAX_BYTES = 128 * 1024;
const NAME_MAX = 100;

/** The roster form: what was pasted (or the file's text, put there by the preview) and what to do. */
export const rosterFormSchema = z.object({
  intent: z.enum(["preview", "send"]),
  roster: z.string().max(ROSTER_MAX_BYTES).default(""),
});

export type RosterRow = { line: number; name: string; email: string; student: string; valid: boolean };

/** One CSV line's fields: commas (or tabs, as a spreadsheet pastes) outside double quotes. */
function fieldsOf(line: string) {
  const separator = line.includes("\t") ? "\t" : ",";
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator || char === ";") {
      fields.push(field.trim());
      field = "";
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/** `Sam Parent <sam@example.com>`, as a mail program copies an address. */
const NAMED_ADDRESS = /^(.*?)\s*<([^<>]+)>$/;

/**
 * Reads a pasted list or a CSV export (name, email, optional student; or just addresses), one
 * person a line. A header line (one that names an "email" column and holds no address) is
 * skipped, and its column order is used. Every row is kept, valid or not, with its line number,
 * so the preview can say what happens to each.
 */
export function parseRoster(text: string): RosterRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  let columns = { name: 0, email: 1, student: 2 };
  const rows: RosterRow[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    const fields = fieldsOf(line);
    const lower = fields.map((field) => field.toLowerCase());
    if (rows.length === 0 && !line.includes("@") && lower.some((field) => field.includes("email"))) {
      const at = (match: (field: string) => boolean) => lower.findIndex(match);
      columns = {
        name: at((field) => field.includes("name") && !field.includes("student") && !field.includes("child")),
        email: at((field) => field.includes("email")),
        student: at((field) => field.includes("student") || field.includes("child")),
      };
      return;
    }
    let name = "";
    let email = "";
    let student = "";
    const single = fields.filter((field) => field !== "");
    if (single.length === 1) {
      const named = NAMED_ADDRESS.exec(single[0]!);
      [name, email] = named ? [named[1]!.replace(/^"|"$/g, ""), named[2]!] : ["", single[0]!];
    } else {
      // Where the address is not in its column (a list typed by hand), the field with an @ is it.
      const emailAt = fields[columns.email]?.includes("@") ? columns.email : fields.findIndex((f) => f.includes("@"));
      email = fields[emailAt] ?? "";
      name = columns.name >= 0 && columns.name !== emailAt ? (fields[columns.name] ?? "") : "";
      student = columns.student >= 0 && columns.student !== emailAt ? (fields[columns.student] ?? "") : "";
    }
    const parsed = emailField.safeParse(email);
    rows.push({
      line: index + 1,
      name: name.slice(0, NAME_MAX),
      email: parsed.success ? parsed.data : email.slice(0, 320),
      student: student.slice(0, NAME_MAX),
      valid: parsed.success,
    });
  });
  return rows;
}

/** What the preview says of a row: it gets an invitation, or why not. */
export type RosterStatus = "new" | "member" | "invited" | "invalid" | "duplicate";
export type CheckedRow = RosterRow & { status: RosterStatus };
/** An invitation's state as its manager sees it ("expired" is read from its expiry). */
export type RosterState = "queued" | "sent" | "joined" | "bounced" | "expired";
