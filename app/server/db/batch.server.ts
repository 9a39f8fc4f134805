import type { BatchItem } from "drizzle-orm/batch";
import { getDb } from "./db.server";

/**
 * One loader = one D1 round trip (decision 041). A service that a loader reads from exports a
 * `BatchPart`: the queries it needs (built, not awaited) and how to read their results. The
 * loader hands all its parts to `runBatch`, which sends every query in one `db.batch` and gives
 * each part its own results back:
 *
 *   const { feed, menu } = await runBatch({ feed: newsfeedPart(user.id), menu: notificationMenuPart(user.id) });
 */
export type BatchPart<T> = { queries: BatchItem<"sqlite">[]; read: (results: unknown[]) => T };

/** A part: queries plus a reader of their results, in the same order. */
export function batchPart<T>(queries: BatchItem<"sqlite">[], read: (results: unknown[]) => T): BatchPart<T> {
  return { queries, read };
}

/** A part that needs no query (say, nothing to look up): costs no round trip. */
export function constantPart<T>(value: T): BatchPart<T> {
  return { queries: [], read: () => value };
}

type Results<P> = { [K in keyof P]: P[K] extends BatchPart<infer T> ? T : never };

/** Runs every part's queries in one `db.batch` (one round trip; none when no part has a query). */
export async function runBatch<P extends Record<string, BatchPart<unknown>>>(parts: P): Promise<Results<P>> {
  const entries = Object.entries(parts);
  const queries = entries.flatMap(([, part]) => part.queries);
  const results: unknown[] =
    queries.length === 0 ? [] : await getDb().batch(queries as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const out: Record<string, unknown> = {};
  let offset = 0;
  for (const [key, part] of entries) {
    out[key] = part.read(results.slice(offset, offset + part.queries.length));
    offset += part.queries.length;
  }
  return out as Results<P>;
}
