import { AsyncLocalStorage } from "node:async_hooks";
import { withHeaders } from "~/server/http/headers.server";
import { DelegatingD1, DelegatingStatement, innerStatement } from "./d1-statement";
import { withoutJoining } from "./join-batches.server";

/**
 * Counts D1 round trips per request (decision 040). Production D1 is a network hop away, so
 * round trips, not local milliseconds, are what a signed-in user waits for. Counting is on only
 * when the Worker runs with COUNT_D1="true" (the bench and the tests); then each response
 * carries the count in `X-D1-Round-Trips`. Without the flag the binding is used unwrapped.
 */
export const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";
/**
 * Rows SQLite read for the request (D1's `meta.rows_read`, summed over `all`, `run` and batches):
 * work that does not depend on how busy the machine is, which the bench shows beside the school
 * search's time (decision 084). `first` and `raw` report none, and drizzle runs a lone select
 * builder with `raw`: only statements run through `all`/`run` (`sqlRows` in a batch) or a batch are counted.
 */
export const ROWS_READ_HEADER = "X-D1-Rows-Read";
/** Rows the request wrote (D1's `meta.rows_written`), counted the same way (issue 27). */
export const ROWS_WRITTEN_HEADER = "X-D1-Rows-Written";

type Counter = { roundTrips: number; rowsRead: number; rowsWritten: number };
const requestCounter = new AsyncLocalStorage<Counter>();

/** Runs one request with its own counter and reports the count it reached. */
export async function countRoundTrips(handle: () => Promise<Response>): Promise<Response> {
  const counter: Counter = { roundTrips: 0, rowsRead: 0, rowsWritten: 0 };
  const response = await requestCounter.run(counter, handle);
  return withHeaders(response, (headers) => {
    headers.set(ROUND_TRIPS_HEADER, String(counter.roundTrips));
    headers.set(ROWS_READ_HEADER, String(counter.rowsRead));
    headers.set(ROWS_WRITTEN_HEADER, String(counter.rowsWritten));
  });
}

/**
 * Runs work that continues after the response (`waitUntil`: a translation's cache row) on a
 * counter of its own and outside the request's batch: nobody waits for its round trips, so the
 * request's header counts only the answer's.
 */
export function afterResponse<T>(work: () => T): T {
  return requestCounter.run({ roundTrips: 0, rowsRead: 0, rowsWritten: 0 }, () => withoutJoining(work));
}

/** Counts one round trip; the returned function adds the rows its results say were read. */
function countOne(): <T>(result: T) => T {
  const counter = requestCounter.getStore();
  if (counter) counter.roundTrips += 1;
  return <T>(result: T) => {
    const results = Array.isArray(result) ? result : [result];
    for (const one of results) {
      const meta = (one as { meta?: { rows_read?: unknown; rows_written?: unknown } } | null)?.meta;
      if (counter && typeof meta?.rows_read === "number") counter.rowsRead += meta.rows_read;
      if (counter && typeof meta?.rows_written === "number") counter.rowsWritten += meta.rows_written;
    }
    return result;
  };
}

/** Runs one call to D1 as one counted round trip. */
function counted<T>(call: () => Promise<T>): Promise<T> {
  return call().then(countOne());
}

/**
 * The D1 binding with every round trip counted: each statement call and each batch is one. An
 * object implementing D1's public `D1Database` by delegation (no reach into D1 or drizzle).
 */
class CountingD1 extends DelegatingD1 {
  prepare(query: string): D1PreparedStatement {
    return new DelegatingStatement(this.binding.prepare(query), query, counted);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return counted(() => this.binding.batch<T>(statements.map(innerStatement)));
  }

  override exec(query: string): Promise<D1ExecResult> {
    return counted(() => this.binding.exec(query));
  }
}

export function countingD1(binding: D1Database): D1Database {
  return new CountingD1(binding);
}
