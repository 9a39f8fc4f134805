import { AsyncLocalStorage } from "node:async_hooks";
import { DelegatingD1, DelegatingStatement, innerStatement, statementText } from "./d1-statement";

/**
 * One D1 round trip per request (decision 104). React Router runs a request's loaders side by
 * side (root, layouts, page), and each sends its own `db.batch` (decision 041): two or three
 * round trips for one page. Inside a request's join scope, the batches that its loaders send
 * in the same turn wait for that turn to end (one timer tick, no I/O) and go to D1 as one
 * `db.batch`; each caller gets back its own results, in its own order.
 *
 * - Only batches of the same request join: the scope is this request's (AsyncLocalStorage),
 *   opened by workers/app.ts for GET and HEAD requests only, so actions keep their own batch.
 * - Lone statements (`first`/`all`/`run`/`raw`) never join: drizzle reads a select's rows with
 *   `raw()` (arrays, so equal column names survive), which a batch cannot return.
 * - A batch that writes (any statement not starting with SELECT) goes ahead of the reads it
 *   joins, so those reads see what the request itself wrote (the chat page marks the
 *   conversation read, and the header's unread count is read after it).
 * - A D1 batch is one transaction: if the joined batch fails, nothing of it was applied, and each
 *   caller's batch runs again on its own, so each caller gets exactly the results or the error
 *   it would have had alone (one extra round trip per caller, on the error path only).
 */
type Waiting = {
  statements: D1PreparedStatement[];
  writes: boolean;
  resolve: (results: D1Result[]) => void;
  reject: (error: unknown) => void;
};

type Scope = { joining: boolean; waiting: Waiting[] | null };

const requestScope = new AsyncLocalStorage<Scope>();
const NOT_JOINING: Scope = { joining: false, waiting: null };

/** Runs one request's loaders with their batches joined (GET/HEAD requests, workers/app.ts). */
export function joinBatches<T>(handle: () => Promise<T>): Promise<T> {
  return requestScope.run({ joining: true, waiting: null }, handle);
}

/** Work that outlives the response (`waitUntil`) sends its batches alone, as it did. */
export function withoutJoining<T>(work: () => T): T {
  return requestScope.run(NOT_JOINING, work);
}

const READ = /^\s*select\b/i;

/** Statements prepared here keep their SQL text; anything but a SELECT (or unknown) is a write. */
function writes(statement: D1PreparedStatement) {
  const text = statementText(statement);
  return text === undefined || !READ.test(text);
}

function flush(binding: D1Database, group: Waiting[]) {
  const [only] = group;
  if (group.length === 1 && only) {
    binding.batch(only.statements).then(only.resolve, only.reject);
    return;
  }
  const ordered = [...group.filter((one) => one.writes), ...group.filter((one) => !one.writes)];
  binding.batch(ordered.flatMap((one) => one.statements)).then(
    (results) => {
      let offset = 0;
      for (const one of ordered) {
        one.resolve(results.slice(offset, offset + one.statements.length));
        offset += one.statements.length;
      }
    },
    () => {
      for (const one of ordered) binding.batch(one.statements).then(one.resolve, one.reject);
    },
  );
}

function joinedBatch(binding: D1Database, statements: D1PreparedStatement[], write: boolean): Promise<D1Result[]> {
  const scope = requestScope.getStore();
  if (!scope?.joining || statements.length === 0) return binding.batch(statements);
  return new Promise((resolve, reject) => {
    const one: Waiting = { statements, writes: write, resolve, reject };
    if (scope.waiting) {
      scope.waiting.push(one);
      return;
    }
    scope.waiting = [one];
    // Loaders started together send their batches before any I/O completes: after the
    // microtasks of this turn, everything that will join has joined.
    setTimeout(() => {
      const group = scope.waiting ?? [];
      scope.waiting = null;
      flush(binding, group);
    }, 0);
  });
}

/**
 * The D1 binding with batches joined inside a request's join scope; everything else as is. An
 * object implementing D1's public `D1Database` by delegation: its statements remember their SQL
 * (to tell writes from reads), and D1 gets back the statements they stand for.
 */
class JoiningD1 extends DelegatingD1 {
  prepare(query: string): D1PreparedStatement {
    return new DelegatingStatement(this.binding.prepare(query), query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return joinedBatch(this.binding, statements.map(innerStatement), statements.some(writes)) as Promise<D1Result<T>[]>;
  }
}

export function joiningD1(binding: D1Database): D1Database {
  return new JoiningD1(binding);
}
