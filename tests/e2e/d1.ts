import { spawnSync } from "node:child_process";

/**
 * Reads an end-to-end server's local D1 with `wrangler d1 execute`, as an operator would. The
 * server's workerd holds the same SQLite file, so a read can meet its write lock (SQLITE_BUSY):
 * such a read is tried again, a bounded number of times, and any other failure is thrown at once.
 */
const ATTEMPTS = 6;

export function queryD1<Row>(persistTo: string, sql: string): Row[] {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      "node_modules/.bin/wrangler",
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
      { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
    if (result.status === 0) return JSON.parse(result.stdout)[0].results as Row[];
    if (!/SQLITE_BUSY/.test(result.stderr) || attempt === ATTEMPTS)
      throw new Error(`wrangler d1 execute failed (attempt ${attempt}):\n${result.stderr}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
  }
}
