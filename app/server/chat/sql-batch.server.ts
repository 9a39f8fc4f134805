import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs hand-written statements as one D1 batch: one round trip, one transaction (DESIGN §4).
 * Chat's permission checks are SQL conditions inside its writes (INSERT … SELECT … WHERE),
 * which drizzle's builders cannot express and its batch() cannot take as raw SQL. Each
 * result is that statement's rows (empty for writes without RETURNING).
 */
export async function batchSql(statements: SQL[]): Promise<unknown[][]> {
  const prepared = statements.map((statement) => {
    const query = dialect.sqlToQuery(statement);
    return env.DB.prepare(query.sql).bind(...query.params);
  });
  const results = await env.DB.batch(prepared);
  return results.map((result) => result.results ?? []);
}
