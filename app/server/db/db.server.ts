import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { joiningD1 } from "./join-batches.server";
import { countingD1 } from "./round-trips.server";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

function createDb(binding: D1Database) {
  return drizzle(binding, { schema });
}

let cached: Database | undefined;

/** The D1 database through drizzle; services are its only callers (DESIGN §3). */
export function getDb(): Database {
  // A request's loaders share one round trip (decision 104); the counter sees what reaches D1.
  cached ??= createDb(joiningD1(env.COUNT_D1 === "true" ? countingD1(env.DB) : env.DB));
  return cached;
}

export { schema };
