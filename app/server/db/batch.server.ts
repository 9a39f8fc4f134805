import { fillPlaceholders, is, Placeholder, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { getD1 } from "./db.server";

/**
 * The one way to run a query (decision 118). A query is a drizzle builder (not awaited) or, where
 * a rule needs SQL that the builders cannot express, a hand-written statement (`sqlRows`). Every
 * query runs in a `batch` of named queries, compiled through drizzle's public API and bound with
 * D1's own (`prepare().bind()`, one `D1Database.batch`: one round trip, one transaction), and the
 * results come back under the same names:
 *
 *   const { post, comments } = await batch({ post: postQuery(id), comments: commentsQuery(id) });
 *
 * Loaders compose `BatchPart`s (a service's queries plus how to read them) with `runBatch`, so a
 * loader's reads stay one batch (decisions 041, 104).
 */

/** A compiled statement: its SQL text, its values, and how to read D1's result of it. */
export type Statement<T> = { sql: string; params: unknown[]; read: (result: D1Result) => T };

/** What drizzle's builders offer publicly: `prepare()` gives the query text and the result mapping. */
type Prepared = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
};
type Builder = { prepare(): Prepared };

export type Query = Statement<unknown> | Builder;
type ResultOf<Q> = Q extends Statement<infer T> ? T : Q extends BatchPart<infer T> ? T : Awaited<Q>;
export type Results<Q extends Record<string, Query | BatchPart<unknown>>> = { [K in keyof Q]: ResultOf<Q[K]> };

const dialect = new SQLiteAsyncDialect();

/**
 * A hand-written statement whose result is its rows, read by column name (D1 returns rows as
 * objects: give every column a distinct name). For rules SQL must state (`INSERT … SELECT …
 * WHERE <allowed>`, recursive or UNION queries) and nothing else.
 */
export function sqlRows<Row = Record<string, unknown>>(statement: SQL): Statement<Row[]> {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { sql, params, read: (result) => result.results as Row[] };
}

/** A hand-written write whose result is what D1 reports of it (`meta.changes`). */
export function sqlRun(statement: SQL): Statement<D1Result> {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { sql, params, read: (result) => result };
}

/**
 * A statement already written as D1's SQL with numbered parameters (`?1`…), for a rule kept
 * once as text and bound in several places (the rate limits' atomic upserts). Rows by name.
 */
export function textRows<Row = Record<string, unknown>>(text: string, params: unknown[]): Statement<Row[]> {
  return { sql: text, params, read: (result) => result.results as Row[] };
}

function compile(query: Query): Statement<unknown> {
  if ("read" in query) return query;
  const prepared = query.prepare();
  const { sql, params } = prepared.getQuery();
  return { sql, params, read: (result) => prepared.mapResult(result, true) };
}

/**
 * A builder whose shape never changes (the header's menus on every signed-in page), compiled once
 * per isolate with `sql.placeholder(...)` for its values (drizzle's prepared statements): drizzle
 * otherwise builds the SQL text anew on every request (6% of a signed-in page's server time,
 * decision 079). Each call fills in the values.
 */
export function preparedQuery<B extends Builder>(build: () => B) {
  let prepared: Prepared | undefined;
  return (values: Record<string, unknown>): Statement<Awaited<B>> => {
    prepared ??= build().prepare();
    const shape = prepared;
    const { sql, params } = shape.getQuery();
    return {
      sql,
      params: fillPlaceholders(params, values),
      read: (result) => shape.mapResult(result, true) as Awaited<B>,
    };
  };
}

/**
 * A hand-written statement (`sqlRows`) whose shape never changes, compiled once per isolate with
 * `sql.placeholder(...)` for its values, as preparedQuery does for builders: the newsfeed's
 * statement of some forty fragments cost 3% of its request to build anew (decision 213). Rows by name.
 */
export function preparedRows<Row = Record<string, unknown>>(build: () => SQL) {
  let compiled: { sql: string; params: unknown[] } | undefined;
  return (values: Record<string, unknown>): Statement<Row[]> => {
    compiled ??= numberedByName(dialect.sqlToQuery(build()));
    return { sql: compiled.sql, params: fillPlaceholders(compiled.params, values), read: (r) => r.results as Row[] };
  };
}

/**
 * The compiled statement with its parameters numbered (`?1`, `?2`…) and each placeholder bound
 * once however often the SQL names it (decision 223): the chat's permission rule names the
 * viewer some twenty times, and D1 allows 100 parameters a statement. Other values keep a slot
 * each. Quoted strings and names are skipped; a `?` that is not a parameter is refused.
 */
export function numberedByName({ sql, params }: { sql: string; params: unknown[] }) {
  const numbered: unknown[] = [];
  const slotOf = new Map<string, number>();
  let next = 0;
  const text = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => {
    if (token !== "?") return token;
    const param = params[next++];
    const name = is(param, Placeholder) ? param.name : null;
    let slot = name === null ? undefined : slotOf.get(name);
    if (slot === undefined) {
      numbered.push(param);
      slot = numbered.length;
      if (name !== null) slotOf.set(name, slot);
    }
    return `?${slot}`;
  });
  if (next !== params.length) throw new Error(`${next} parameters in the text, ${params.length} values`);
  return { sql: text, params: numbered };
}

/**
 * Runs named queries (and parts, below) as one D1 batch, none when there is no query, and
 * returns their results by the same names.
 */
export async function batch<Q extends Record<string, Query | BatchPart<unknown>>>(entries: Q): Promise<Results<Q>> {
  const names: string[] = [];
  const statements: Statement<unknown>[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    for (const [key, query] of isPart(entry) ? Object.entries(entry.queries) : [["", entry] as const]) {
      names.push(key === "" ? name : `${name}.${key}`);
      statements.push(compile(query));
    }
  }
  const read: Record<string, unknown> = {};
  if (statements.length > 0) {
    const d1 = getD1();
    const results = await d1.batch(statements.map((one) => d1.prepare(one.sql).bind(...one.params)));
    names.forEach((name, i) => {
      read[name] = (statements[i] as Statement<unknown>).read(results[i] as D1Result);
    });
  }
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(entries)) {
    out[name] = isPart(entry)
      ? await entry.read(Object.fromEntries(Object.keys(entry.queries).map((key) => [key, read[`${name}.${key}`]])))
      : read[name];
  }
  return out as Results<Q>;
}

/** One query alone: a batch of one. */
export async function single<Q extends Query>(query: Q): Promise<ResultOf<Q>> {
  return (await batch({ query })).query as ResultOf<Q>;
}

/**
 * One loader = one D1 round trip (decision 041). A service that a loader reads from exports a
 * `BatchPart`: its named queries (built, not awaited) and how to read their results. The loader
 * hands its parts (and any queries of its own) to `batch` (or `runBatch`, parts only), which
 * sends every query in one batch and gives each part its own results back, by name:
 *
 *   const { feed, menu } = await runBatch({ feed: newsfeedPart(user.id), menu: notificationMenuPart(user.id) });
 */
export type BatchPart<T> = {
  queries: Record<string, Query>;
  read: (results: Record<string, unknown>) => T | Promise<T>;
};

/**
 * A part: named queries plus a reader of their results. The reader may answer a promise where
 * its results show that they cannot be the answer (a calendar read that hit its bound reads
 * again, decision 207): one more round trip, on that path only.
 */
export function batchPart<Q extends Record<string, Query>, T>(
  queries: Q,
  read: (results: Results<Q>) => T | Promise<T>,
): BatchPart<T> {
  return { queries, read: read as (results: Record<string, unknown>) => T | Promise<T> };
}

/** A part that needs no query (say, nothing to look up): costs no round trip. */
export function constantPart<T>(value: T): BatchPart<T> {
  return { queries: {}, read: () => value };
}

/** Runs every part's queries in one batch (one round trip; none when no part has a query). */
export const runBatch: <P extends Record<string, BatchPart<unknown>>>(parts: P) => Promise<Results<P>> = batch;

function isPart(entry: Query | BatchPart<unknown>): entry is BatchPart<unknown> {
  return "queries" in entry && "read" in entry;
}
