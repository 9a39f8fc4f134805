import { spawnSync } from "node:child_process";

/**
 * Reads an end-to-end server's local D1 with `wrangler d1 execute`, as an operator would. The
 * server's workerd holds the same SQLite file, so a read can meet its write lock (SQLITE_BUSY):
 * such a read is tried again, a bounded number of times, and any other failure is thrown at once.
 */
const ATTEMPTS = 6;

type Rows = Record<string, unknown>[];

function executeD1(persistTo: string, sql: string): { results: Rows }[] {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      "node_modules/.bin/wrangler",
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
      { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
    if (result.status === 0) return JSON.parse(result.stdout);
    if (!/SQLITE_BUSY/.test(result.stderr) || attempt === ATTEMPTS)
      throw new Error(`wrangler d1 execute failed (attempt ${attempt}):\n${result.stderr}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
  }
}

export function queryD1<Row>(persistTo: string, sql: string): Row[] {
  return executeD1(persistTo, sql)[0]!.results as Row[];
}

/**
 * Several reads in one `wrangler d1 execute`: each statement's rows, in order. Each call starts
 * wrangler and a workerd (seconds of CPU on a busy machine), so a test reads what it needs at
 * once (decision 189).
 */
export function queryD1Many(persistTo: string, statements: string[]): Rows[] {
  const results = executeD1(persistTo, statements.join(";\n"));
  if (results.length !== statements.length)
    throw new Error(`${statements.length} statements answered ${results.length} results`);
  return results.map((result) => result.results);
}
