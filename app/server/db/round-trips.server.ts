import { AsyncLocalStorage } from "node:async_hooks";
import { withHeaders } from "~/server/http/headers.server";
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
 * builder with `raw`: only statements run through `all`/`run` (rawAll) or a batch are counted.
 */
export const ROWS_READ_HEADER = "X-D1-Rows-Read";

type Counter = { roundTrips: number; rowsRead: number };
const requestCounter = new AsyncLocalStorage<Counter>();

/** Runs one request with its own counter and reports the count it reached. */
export async function countRoundTrips(handle: () => Promise<Response>): Promise<Response> {
  const counter: Counter = { roundTrips: 0, rowsRead: 0 };
  const response = await requestCounter.run(counter, handle);
  return withHeaders(response, (headers) => {
    headers.set(ROUND_TRIPS_HEADER, String(counter.roundTrips));
    headers.set(ROWS_READ_HEADER, String(counter.rowsRead));
  });
}

/**
 * Runs work that continues after the response (`waitUntil`: notifications) on a counter of its
 * own: nobody waits for its round trips, so the request's header counts only the answer's.
 */
export function afterResponse<T>(work: () => T): T {
  return requestCounter.run({ roundTrips: 0, rowsRead: 0 }, () => withoutJoining(work));
}

/** Counts one round trip; the returned function adds the rows its results say were read. */
function countOne() {
  const counter = requestCounter.getStore();
  if (counter) counter.roundTrips += 1;
  return (result: unknown) => {
    const results = Array.isArray(result) ? result : [result];
    for (const one of results) {
      const read = (one as { meta?: { rows_read?: unknown } } | null)?.meta?.rows_read;
      if (counter && typeof read === "number") counter.rowsRead += read;
    }
    return result;
  };
}

const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function countingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, property) {
      if (property === "bind") {
        return (...values: unknown[]) => countingStatement(target.bind(...values));
      }
      if (property === "first" || property === "all" || property === "run" || property === "raw") {
        const method = target[property] as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const rowsRead = countOne();
          return method.apply(target, args).then(rowsRead);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  unwrapped.set(wrapped, statement);
  return wrapped;
}

/** The D1 binding with every round trip counted: each statement call and each batch is one. */
export function countingD1(binding: D1Database): D1Database {
  return new Proxy(binding, {
    get(target, property) {
      if (property === "prepare") return (query: string) => countingStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const rowsRead = countOne();
          return target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement)).then(rowsRead);
        };
      }
      if (property === "exec") {
        return (query: string) => {
          countOne();
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
