import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, exists, is, type Placeholder, SQL, sql } from "drizzle-orm";
import type { SessionUser } from "~/context";
import { batch, preparedQuery, type Query, type Results, single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { activeUser, activeUserText } from "./active-user.server";
import { avatarUrl } from "./avatar";

const u = schema.users;

/** What the shell shows of the signed-in user, and the token version their tokens carry. */
export const sessionUserColumns = {
  id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  avatar: u.avatar,
  theme: u.theme,
  timeZone: u.timeZone,
  locale: u.locale,
  tokenVersion: u.tokenVersion,
};

/** The same fields as stored: `avatar` is the R2 key (or "default"), not yet a URL. */
export type SessionUserRow = SessionUser;

/** The query that reads a session user: batchable with the write that needs it. */
export function sessionUserQuery(userId: number) {
  return getDb()
    .select(sessionUserColumns)
    .from(u)
    .where(and(eq(u.id, userId), activeUser()));
}

export function toSessionUser(row: SessionUserRow): SessionUser {
  return { ...row, avatar: avatarUrl(row.avatar) };
}

/**
 * The user as the shell needs them: one indexed read. Only for access tokens that carry no
 * profile claims (issued before decision 042); current tokens carry it and need no read.
 */
export async function loadSessionUser(userId: number): Promise<SessionUser | null> {
  const [row] = await single(sessionUserQuery(userId));
  return row ? toSessionUser(row) : null;
}

/** Who performs a write, as their access token says: checked against revocation in the write's batch. */
export type Actor = { id: number; tokenVersion: number };

/**
 * Where a write found the request's token revoked (logout, a password change or reset, deletion):
 * the auth middleware answers it, once for every route (decision 111). The scope is the
 * request's, opened by the middleware around its loaders and actions.
 */
const revocationScope = new AsyncLocalStorage<{ refused: Response | null }>();

/** Runs a request's handlers, and says whether a write among them found the session revoked. */
export async function withRevocationScope<T>(handle: () => Promise<T>) {
  const state: { refused: Response | null } = { refused: null };
  const result = await revocationScope.run(state, handle);
  return { result, refused: state.refused };
}

/**
 * THE revocation check of a write (decision 111): given what `currentTokenQuery` (or
 * `currentTokenSql`) answered in the write's batch, goes on while the token is current; else the
 * refusal is noted for the middleware and thrown as a bare 401 Response, which React Router
 * treats as an answer, not a server error. The write guarded itself with `tokenIsCurrent`.
 */
export function requireCurrentToken(rows: unknown[]): void {
  if (rows.length > 0) return;
  const refused = new Response(null, { status: 401, statusText: "Session revoked" });
  const state = revocationScope.getStore();
  if (state) state.refused = refused;
  throw refused;
}

/**
 * Whether an access token still speaks for its user: the account can sign in and the token's
 * version is the current one (logout and deletion bump it; decision 042). Batchable, so a
 * write checks revocation in the same round trip as the write itself.
 */
export function currentTokenQuery(userId: number | Placeholder, tokenVersion: number | Placeholder) {
  return getDb()
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.id, userId), eq(u.tokenVersion, tokenVersion), activeUser()));
}

/**
 * The request-level check (issue 22 item 2, decision 111): whether the token that signed this
 * request in still speaks for its user. A batch of one, so inside a GET it joins the request's
 * one D1 round trip (decision 104) instead of making its own.
 */
export async function sessionIsCurrent(actor: Actor): Promise<boolean> {
  const rows = await single(currentToken({ userId: actor.id, tokenVersion: actor.tokenVersion }));
  return rows.length > 0;
}

/** `currentTokenQuery` compiled once per isolate: every signed-in request asks it (decision 188). */
const currentToken = preparedQuery(() =>
  getDb()
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.id, sql.placeholder("userId")), eq(u.tokenVersion, sql.placeholder("tokenVersion")), activeUser())),
);

/**
 * The same check as a condition inside a write's own statement: `WHERE … AND ${tokenIsCurrent(…)}`;
 * placeholders for a statement compiled once (decision 223).
 */
export function tokenIsCurrent(userId: number | Placeholder, tokenVersion: number | Placeholder) {
  return exists(currentTokenQuery(userId, tokenVersion));
}

/** The check as a hand-written statement: a row only while the token is current. */
export function currentTokenSql(actor: Actor) {
  return sql`SELECT 1 AS current WHERE ${tokenIsCurrent(actor.id, actor.tokenVersion)}`;
}

/**
 * One write as the actor (decision 042): the write guards itself with `tokenIsCurrent` in its
 * own WHERE, and this runs it in one batch with the check, so a revoked token changes nothing,
 * is told apart from a refusal (`requireCurrentToken`), and costs no extra round trip. Answers
 * the write's result (its RETURNING rows).
 */
export async function runAs<Result>(actor: Actor, write: Query): Promise<Result> {
  const { current, result } = await batch({ current: currentTokenQuery(actor.id, actor.tokenVersion), result: write });
  requireCurrentToken(current);
  return result as Result;
}

/** A named statement of `batchAs`: a query, or hand-written SQL whose rows are its result. */
type Named = Record<string, Query | SQL>;
type NamedResults<N extends Named> = Results<{
  [K in keyof N]: N[K] extends SQL ? ReturnType<typeof sqlRows> : N[K] extends Query ? N[K] : never;
}>;

/**
 * `runAs` for a batch of named statements: the check goes first, and each write guards itself
 * with `tokenIsCurrent` in its own WHERE. Answers the statements' results by name.
 */
export async function batchAs<N extends Named>(actor: Actor, statements: N): Promise<NamedResults<N>> {
  const queries = Object.fromEntries(
    Object.entries(statements).map(([name, one]) => [name, is(one, SQL) ? sqlRows(one) : one]),
  );
  const { [CURRENT]: current, ...results } = await batch({ [CURRENT]: sqlRows(currentTokenSql(actor)), ...queries });
  requireCurrentToken(current as unknown[]);
  return results as NamedResults<N>;
}

/** The name `batchAs` gives its revocation check (no caller's statement is named so). */
const CURRENT = "__tokenIsCurrent";

/** `runAs` for a hand-written statement. */
export function writeAs<Row>(actor: Actor, write: SQL) {
  return runAs<Row[]>(actor, sqlRows<Row>(write));
}

/**
 * `tokenIsCurrent` for statements written with numbered parameters (`?n`, D1's own API): the
 * user id and the token version are bound at those numbers. Same rule as `currentTokenQuery`.
 */
export function tokenIsCurrentRaw(userParam: number, versionParam: number) {
  return `EXISTS (SELECT 1 FROM users WHERE id = ?${userParam} AND token_version = ?${versionParam}
    AND ${activeUserText()})`;
}
