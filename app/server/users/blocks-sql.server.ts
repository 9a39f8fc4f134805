import { type SQL, sql } from "drizzle-orm";

/**
 * The block rule as SQL (decision 160), kept here in the lowest area so every service that
 * reads people, posts or messages joins it into the query it already runs: no extra round trip.
 * Values are ids or SQL expressions for them.
 */
type Id = number | SQL;

/** Whether `blocker` blocked `blocked`. */
export function blockedBySql(blocker: Id, blocked: Id): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${blocker} AND bk.blocked_id = ${blocked})`;
}

/** Whether either of the two blocked the other: they may not message or befriend each other. */
export function blockedEitherWaySql(a: Id, b: Id): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bk
    WHERE (bk.blocker_id = ${a} AND bk.blocked_id = ${b}) OR (bk.blocker_id = ${b} AND bk.blocked_id = ${a}))`;
}
