import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** SQLite's lower() folds ASCII letters only (as LIKE does); the typed text is folded the same way. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * Whether any of `columns` contains `text` (from ~/lib/search-text.ts), case-insensitively for
 * ASCII like LIKE, but with instr(): no wildcards to escape (`%` and `_` are plain characters)
 * and no pattern length, where D1 refuses a LIKE pattern over 50 bytes (decision 113).
 */
export function containsText(columns: (SQLiteColumn | SQL)[], text: string): SQL {
  const needle = asciiLower(text);
  const each = columns.map((column) => sql`instr(lower(${column}), ${needle}) > 0`);
  return sql`(${sql.join(each, sql` OR `)})`;
}
