import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

/**
 * Reads an end-to-end server's local D1: the SQLite file the server's workerd keeps under its
 * `--persist-to` directory, opened read-only by Node's own SQLite (decision 193).
 *
 * Not `wrangler d1 execute`, which this used before: it starts a second workerd on the same file,
 * and that workerd takes the file's write lock for a moment even to run a SELECT. A write the
 * server made in that moment failed with SQLITE_BUSY and answered 500 (a sign-in in
 * viewer-time-zone.spec.ts, beside unsubscribe.spec.ts' reads), and the read itself met the
 * server's lock in turn. A read-only connection to a database in WAL mode takes no write lock:
 * the server's writes never wait for it, and it reads the last committed state. It also costs
 * milliseconds, where each wrangler start cost seconds of CPU.
 */
type Row = Record<string, unknown>;

/** The database's file: miniflare keeps each D1 database's Durable Object in a file of its own. */
function databaseFile(persistTo: string) {
  const dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`${dir}: expected one D1 database file, found ${files.join(", ") || "none"}`);
  return `${dir}/${files[0]}`;
}

/** Each statement's rows, in order, read in one transaction: one state of the database for all. */
function read(persistTo: string, statements: string[]): Row[][] {
  // The timeout only matters while the server's workerd recovers the file's WAL index, at start.
  const db = new DatabaseSync(databaseFile(persistTo), { readOnly: true, timeout: 5_000 });
  try {
    db.exec("BEGIN");
    const results = statements.map((sql) =>
      db
        .prepare(sql)
        .all()
        .map((row) => ({ ...row })),
    );
    db.exec("COMMIT");
    return results;
  } finally {
    db.close();
  }
}

export function queryD1<R>(persistTo: string, sql: string): R[] {
  return read(persistTo, [sql])[0] as R[];
}

/** Several reads at once: each statement's rows, in order, from the same state of the database. */
export function queryD1Many(persistTo: string, statements: string[]): Row[][] {
  return read(persistTo, statements);
}
