import { AsyncLocalStorage } from "node:async_hooks";
import { withHeaders } from "~/server/http/headers.server";
import { DelegatingD1, DelegatingStatement, innerStatement } from "./d1-statement";

/**
 * Reads near the reader (issue 27, decision 168): each request runs in a D1 session
 * (`withSession`), so production D1 may answer its reads from a nearby read replica. The
 * session starts from the bookmark the browser brought back (the `d1-bookmark` cookie): a
 * replica answers only once it has caught up with it, so a person always sees their own writes
 * and never an older state than they saw last. Without one, a GET starts anywhere
 * ("first-unconstrained") and a write at the primary ("first-primary"). It costs no round
 * trip: the bookmark rides on the queries D1 is sent anyway.
 */
export const BOOKMARK_COOKIE = "d1-bookmark";

const current = new AsyncLocalStorage<D1DatabaseSession>();

/** The bookmark a request brought, if it looks like one (D1's are short hex-and-dash strings). */
export function bookmarkOf(request: Request): string | null {
  const match = /(?:^|;\s*)d1-bookmark=([0-9a-f-]{1,200})(?:;|$)/i.exec(request.headers.get("Cookie") ?? "");
  return match?.[1] ?? null;
}

/**
 * Runs one request in a session of `binding`; answers its response with the session's new
 * bookmark in a cookie when it moved on from the one the request brought. A guest's page that
 * brought none and wrote nothing gets no cookie, so the guest cache (decision 043) is untouched.
 */
export async function withD1Session(request: Request, binding: D1Database, handle: () => Promise<Response>) {
  const brought = bookmarkOf(request);
  const reads = request.method === "GET" || request.method === "HEAD";
  let session: D1DatabaseSession;
  try {
    session = binding.withSession(brought ?? (reads ? "first-unconstrained" : "first-primary"));
  } catch {
    // A bookmark D1 does not accept (tampered with, from another database): start afresh.
    session = binding.withSession(reads ? "first-unconstrained" : "first-primary");
  }
  const response = await current.run(session, handle);
  const bookmark = session.getBookmark();
  if (!bookmark || bookmark === brought || (reads && brought === null)) return response;
  // On the response itself when its headers may change (a page's): a copy of every header and
  // a new Response per request bought nothing (decision 226).
  const cookie = `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`;
  return withHeaders(response, (headers) => headers.append("Set-Cookie", cookie));
}

/**
 * The D1 binding as the app sees it: statements and batches go to the request's session when
 * there is one (a request), to the binding itself otherwise (the queue, the cron, a test).
 */
class SessionD1 extends DelegatingD1 {
  private target(): D1Database | D1DatabaseSession {
    return current.getStore() ?? this.binding;
  }

  prepare(query: string): D1PreparedStatement {
    return new DelegatingStatement(this.target().prepare(query), query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.target().batch<T>(statements.map(innerStatement));
  }
}

export function sessionD1(binding: D1Database): D1Database {
  return new SessionD1(binding);
}
