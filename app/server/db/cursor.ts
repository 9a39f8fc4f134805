import { and, type Column, eq, lt, or, type SQL } from "drizzle-orm";

/**
 * Cursor paging for every list (DESIGN §4: by (created_at, id), never by offset), newest
 * first. A cursor is "<createdAt>:<id>" — opaque to clients, checked on the way in.
 */
export type Cursor = { createdAt: number; id: string };

export function encodeCursor(row: { createdAt: number; id: string | number }) {
  return `${row.createdAt}:${row.id}`;
}

export function decodeCursor(cursor: string): Cursor | null {
  const separator = cursor.indexOf(":");
  const createdAt = Number(cursor.slice(0, separator));
  const id = cursor.slice(separator + 1);
  if (separator < 1 || !Number.isSafeInteger(createdAt) || id === "" || id.length > 100) return null;
  return { createdAt, id };
}

/** The rows after the cursor in (createdAt DESC, id DESC) order; no condition without one. */
export function olderThan(cursor: Cursor | null | undefined, createdAt: Column, id: Column): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(createdAt, cursor.createdAt), and(eq(createdAt, cursor.createdAt), lt(id, cursor.id)));
}

/** One page from `limit + 1` rows: the page, and the cursor of the next one if there is more. */
export function pageOf<Row>(rows: Row[], limit: number, key: (row: Row) => { createdAt: number; id: string | number }) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(key(last)) : null };
}
