import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";

/**
 * Raw statements that also work inside `db.batch`. drizzle 0.45's D1 batch binds parameters to
 * `query.stmt`, which its raw queries (`db.all(sql…)`, `db.run(sql…)`) never set, so a raw
 * statement with parameters fails in a batch; we give it the prepared statement it expects.
 */
function withStatement<Query extends { getQuery(): { sql: string } }>(query: Query): Query {
  // drizzle builds the SQL text anew on every getQuery(), and the batch asks again: build it once
  // (the feed's statement is long enough for that to show in the profile, decision 079).
  const built = query.getQuery();
  Object.assign(query, { stmt: env.DB.prepare(built.sql), getQuery: () => built });
  return query;
}

export function rawAll<Row = Record<string, unknown>>(statement: SQL) {
  return withStatement(getDb().all<Row>(statement));
}

export function rawRun(statement: SQL) {
  return withStatement(getDb().run(statement));
}

/**
 * Hand-written statements as one D1 batch: one round trip, one transaction (DESIGN §4). For
 * writes whose rule is a SQL condition (chat's `INSERT … SELECT … WHERE <allowed>`), which
 * drizzle's builders cannot express. Each result is that statement's rows (empty for writes
 * without RETURNING).
 */
export async function batchSql(statements: SQL[]): Promise<unknown[][]> {
  const [first, ...rest] = statements.map((statement) => rawAll(statement));
  if (!first) return [];
  return (await getDb().batch([first, ...rest])) as unknown[][];
}
