import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { sessionD1 } from "./d1-session.server";
import { joiningD1 } from "./join-batches.server";
import { countingD1 } from "./round-trips.server";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

function createDb(binding: D1Database) {
  return drizzle(binding, { schema });
}

let d1: D1Database | undefined;
let cached: Database | undefined;

/**
 * The D1 binding every query goes through: a request's loaders share one round trip (decision
 * 104), the counter sees what reaches D1 (decision 040), and each request reads in its own D1
 * session (decision 168). All three wrap D1's public interface.
 */
export function getD1(): D1Database {
  d1 ??= joiningD1(env.COUNT_D1 === "true" ? countingD1(sessionD1(env.DB)) : sessionD1(env.DB));
  return d1;
}

/** The D1 database through drizzle (its builders); services are its only callers (DESIGN §3). */
export function getDb(): Database {
  cached ??= createDb(getD1());
  return cached;
}

export { schema };
