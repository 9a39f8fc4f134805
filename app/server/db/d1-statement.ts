/**
 * The request's D1 wrappers (join-batches, round-trips, d1-session) implement D1's public
 * `D1Database` by delegation: each says how it prepares and batches; the rest goes to the binding.
 */
export abstract class DelegatingD1 implements D1Database {
  constructor(protected readonly binding: D1Database) {}

  abstract prepare(query: string): D1PreparedStatement;

  abstract batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;

  exec(query: string): Promise<D1ExecResult> {
    return this.binding.exec(query);
  }

  withSession(constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    return this.binding.withSession(constraintOrBookmark);
  }

  dump(): Promise<ArrayBuffer> {
    return this.binding.dump();
  }
}

/**
 * A D1 statement that stands for another one and keeps its SQL text: what the request's D1
 * wrappers (join-batches, round-trips) hand out from `prepare`. It implements D1's public
 * `D1PreparedStatement` by delegation; D1's own `batch` is given the statements it stands for.
 */
export class DelegatingStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly around: <T>(call: () => Promise<T>) => Promise<T> = (call) => call(),
  ) {}

  bind(...values: unknown[]): DelegatingStatement {
    return new DelegatingStatement(this.inner.bind(...values), this.sql, this.around);
  }

  first<T = unknown>(column?: string): Promise<T | null> {
    return this.around(() => (column === undefined ? this.inner.first<T>() : this.inner.first<T>(column)));
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.around(() => this.inner.run<T>());
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.around(() => this.inner.all<T>());
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    return this.around<T[] | [string[], ...T[]]>(() =>
      options?.columnNames ? this.inner.raw<T>({ columnNames: true }) : this.inner.raw<T>({ columnNames: false }),
    ) as Promise<[string[], ...T[]]>;
  }
}

/** The statement a wrapper's statement stands for (any other statement as it is). */
export function innerStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return statement instanceof DelegatingStatement ? statement.inner : statement;
}

/** The SQL text of a statement prepared through a wrapper; undefined for any other. */
export function statementText(statement: D1PreparedStatement): string | undefined {
  return statement instanceof DelegatingStatement ? statement.sql : undefined;
}
