import { fillPlaceholders } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

/** What drizzle's D1 batch needs of a query (drizzle-orm/d1/session.js `batch`). */
type PreparedLike = {
  getQuery(): { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
};

/**
 * A query whose shape never changes (the header's menus on every signed-in page), built once per
 * isolate with `sql.placeholder(...)` for its values. drizzle otherwise builds the SQL text of a
 * query anew on every request, which profiled at 6% of a signed-in page's server time for the root
 * loader's two menus (decision 079). Each call fills in the values and gives an item that joins a
 * `db.batch` (and so `runBatch`) like any drizzle query, with drizzle's own result mapping.
 */
export function reusableQuery<Values extends Record<string, unknown>>(build: () => { prepare(): unknown }) {
  let prepared: PreparedLike | undefined;
  return (values: Values): BatchItem<"sqlite"> => {
    prepared ??= build().prepare() as PreparedLike;
    const shape = prepared;
    const { sql, params } = shape.getQuery();
    const filled = fillPlaceholders(params, values);
    const ready = {
      getQuery: () => ({ sql, params: filled }),
      stmt: shape.stmt,
      mapResult: (result: unknown, isFromBatch?: boolean) => shape.mapResult(result, isFromBatch),
    };
    // `_` is drizzle's type-only marker of a runnable query; `_prepare` is what its batch calls.
    const item: BatchItem<"sqlite"> & { _prepare(): PreparedLike } = {
      _: { dialect: "sqlite", result: undefined },
      _prepare: () => ready,
    };
    return item;
  };
}
