import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Category } from "~/lib/categories";
import { schema } from "~/server/db/db.server";

/**
 * How a calendar reads its events (decision 196): one statement per calendar or upcoming list,
 * its rows from the span-level indexes (decision 191) with their exceptions and community names.
 */
const DAY = 86_400_000;

/** A value of a statement: a number, or a placeholder of one compiled once per isolate (`preparedRows`). */
export type Value = number | Placeholder;

/** Each span level with its longest span (decision 191), as rows (column1: level, column2: longest). */
const LEVELS = sql.raw(
  `(VALUES ${schema.SPAN_LEVEL_LONGEST.map((longest, level) => `(${level}, ${longest})`).join(", ")})`,
);

/**
 * Whose events a calendar shows (decision 196): `communities` gives rows (id, name, category),
 * `schools` school ids (null: none), and `visible` (on `ev`) decides a date moved into the range,
 * which is found district-wide.
 */
export type Owners = { communities: SQL; schools: SQL | null; visible: SQL };

/**
 * A user's communities (active memberships, then those at schools they follow that are not also
 * memberships: each community once, no temporary B-tree) and followed schools. A moved date is
 * theirs by a probe of each rule on its event's row, not by listing them all again.
 */
export function ownersFor(userId: Value): Owners {
  const member = (community: SQL) =>
    sql`EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = ${community} AND cm.user_id = ${userId} AND cm.status = 'active')`;
  return {
    communities: sql`SELECT c.id, c.name, c.category FROM community_members m CROSS JOIN communities c ON c.id = m.community_id
        WHERE m.user_id = ${userId} AND m.status = 'active'
      UNION ALL SELECT c.id, c.name, c.category FROM school_follows sf CROSS JOIN communities c ON c.school_id = sf.school_id
        WHERE sf.user_id = ${userId} AND NOT ${member(sql`c.id`)}`,
    schools: sql`SELECT sf.school_id FROM school_follows sf WHERE sf.user_id = ${userId}`,
    visible: sql`(${member(sql`ev.community_id`)}
      OR EXISTS (SELECT 1 FROM communities cs JOIN school_follows sf ON sf.school_id = cs.school_id WHERE cs.id = ev.community_id AND sf.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM school_follows sf WHERE sf.school_id = ev.school_id AND sf.user_id = ${userId}))`,
  };
}

/** One row of `eventRowsSql`: the event, its community's name, its exceptions as JSON. */
export type EventRow = {
  id: number;
  title: string;
  location: string | null;
  startsAt: number;
  endsAt: number | null;
  allDay: number;
  timeZone: string;
  recurrence: "none" | "weekly" | "monthly";
  recurrenceUntil: number | null;
  communityId: number | null;
  communityName: string | null;
  category: Category | null;
  /** `[[occurrence_start, cancelled, starts_at, ends_at], …]` */
  exceptions: string;
};

/** A row with the columns only the iCalendar feed writes (`details: true`). */
export type EventRowWithDetails = EventRow & { description: string; updatedAt: number };

/**
 * A calendar read stops after this many rows: a bound on one request's work, read without an
 * ORDER BY. A read that finds more (`hitsCap`) is not the first events by start: it is read
 * again with `firstEventRowsSql` (decision 207), never shown as it is.
 */
export const CANDIDATES_MAX = 2_000;

/** Whether a read of `eventRowsSql` stopped at its bound, so its rows are an arbitrary part. */
export function hitsCap(rows: readonly unknown[]) {
  return rows.length > CANDIDATES_MAX;
}

const COLUMNS = sql.raw(`ev.id AS id, ev.title AS title, ev.location AS location, ev.starts_at AS startsAt,
    ev.ends_at AS endsAt, ev.all_day AS allDay, ev.time_zone AS timeZone, ev.recurrence AS recurrence,
    ev.recurrence_until AS recurrenceUntil, ev.community_id AS communityId`);
const DETAILS = sql.raw(", ev.description AS description, coalesce(ev.updated_at, ev.created_at) AS updatedAt");
// A lookup by the primary key's prefix: no row read for an event without exceptions.
const EXCEPTIONS = sql.raw(`(SELECT json_group_array(json_array(x.occurrence_start, x.cancelled, x.starts_at,
    x.ends_at)) FROM event_exceptions x WHERE x.event_id = ev.id) AS exceptions`);

/**
 * The events of `owners` that may have a date in [from, to), with their exceptions, in ONE
 * statement (decisions 187, 191, 196). Per span level, each community's (and school's) events
 * that end in [from, to + the level's longest span) and begin before `to`, read from the index
 * with the community's name carried from the owners' row (not looked up per event); plus dates
 * moved into the range, the same way, for the events `visible` keeps. No ORDER BY (a sort
 * costs a row read per event): `itemsOf` removes the duplicates of the branches and sorts. It
 * reads one row past `CANDIDATES_MAX`, so that a read stopped by the bound is seen (`hitsCap`).
 */
export function eventRowsSql(owners: Owners, from: Value, to: Value, details = false): SQL {
  return sql`${branchesSql(owners, from, to, details)} LIMIT ${CANDIDATES_MAX + 1}`;
}

/**
 * The first `limit` events of `owners` by start, each once: the bounded read behind a read of
 * `eventRowsSql` that hit its cap (decision 207). It sorts every candidate, so only then.
 */
export function firstEventRowsSql(owners: Owners, from: number, to: number, limit: number, details = false): SQL {
  return sql`SELECT DISTINCT * FROM (${branchesSql(owners, from, to, details)}) ORDER BY startsAt, id LIMIT ${limit}`;
}

/**
 * Some known events (`ids`: a subquery of event ids) that may have a date in [from, to), as the
 * same rows, in one statement: the day-before reminders pick their events by their answers,
 * not by whose calendar they are on.
 */
export function eventRowsOfSql(ids: SQL, from: number, to: number): SQL {
  return sql`SELECT ${COLUMNS}, c.name AS communityName, c.category AS category, ${EXCEPTIONS}
    FROM events ev LEFT JOIN communities c ON c.id = ev.community_id
    WHERE ev.id IN (${ids}) AND ${mayOverlap(from, to, "ev")}`;
}

function branchesSql({ communities, schools, visible }: Owners, from: Value, to: Value, details: boolean): SQL {
  const columns = details ? sql`${COLUMNS}${DETAILS}` : COLUMNS;
  const inRange = (alias: string, level: string, end: string) =>
    sql`${sql.raw(`${alias}.${level}`)} = lv.column1 AND ${sql.raw(`${alias}.${end}`)} >= ${from}
      AND ${sql.raw(`${alias}.${end}`)} < ${to} + lv.column2 AND ${sql.raw(alias)}.starts_at < ${to}`;
  const overlap = mayOverlap(from, to, "ev");
  // CROSS JOIN: the owners, then the levels, drive the index searches (SQLite, without statistics, might not).
  const branches = [
    sql`SELECT ${columns}, oc.name AS communityName, oc.category AS category, ${EXCEPTIONS}
      FROM (${communities}) oc CROSS JOIN ${LEVELS} lv
      CROSS JOIN events ev ON ev.community_id = oc.id AND ${inRange("ev", "span_level", "span_end")}
      WHERE ${overlap}`,
  ];
  if (schools)
    branches.push(sql`SELECT ${columns}, c.name AS communityName, c.category AS category, ${EXCEPTIONS}
      FROM (${schools}) os CROSS JOIN ${LEVELS} lv
      CROSS JOIN events ev ON ev.school_id = os.school_id AND ${inRange("ev", "span_level", "span_end")}
      LEFT JOIN communities c ON c.id = ev.community_id WHERE ${overlap}`);
  branches.push(sql`SELECT ${columns}, c.name AS communityName, c.category AS category, ${EXCEPTIONS}
      FROM ${LEVELS} lv CROSS JOIN event_exceptions mv ON ${inRange("mv", "moved_level", "moved_end")}
      JOIN events ev ON ev.id = mv.event_id LEFT JOIN communities c ON c.id = ev.community_id
      WHERE ${visible} AND ${overlap}`);
  return sql.join(branches, sql` UNION ALL `);
}

/**
 * Live events (`t`: the events table's name or alias in the statement) that may have an occurrence
 * in [from, to): by their series, or by a date moved into the range (a first date moved earlier
 * than the series' start, a last one past its end).
 */
export function mayOverlap(from: Value, to: Value, t = "events"): SQL {
  const col = (column: string) => sql.raw(`${t}.${column}`);
  const bySeries = sql`${col("starts_at")} < ${to} AND ((${col("recurrence")} <> 'none' AND (${col("recurrence_until")} IS NULL
    OR ${col("recurrence_until")} >= ${from} - ${sql.raw(String(DAY))})) OR coalesce(${col("ends_at")}, ${col("starts_at")}) >= ${from})`;
  const movedInto = sql`EXISTS (SELECT 1 FROM event_exceptions mx WHERE mx.event_id = ${col("id")} AND mx.cancelled = 0
    AND mx.starts_at < ${to} AND coalesce(mx.ends_at, mx.starts_at) >= ${from})`;
  return sql`(${col("cancelled_at")} IS NULL AND ((${bySeries}) OR ${movedInto}))`;
}

/** The owners of one community's upcoming dates, or of a school's (its own events and its communities'). */
export function ownersOf(of: { communityId: Value } | { schoolId: Value }): Owners {
  if ("communityId" in of)
    return {
      communities: sql`SELECT c.id, c.name, c.category FROM communities c WHERE c.id = ${of.communityId}`,
      schools: null,
      visible: sql`ev.community_id = ${of.communityId}`,
    };
  const communities = sql`SELECT c.id, c.name, c.category FROM communities c WHERE c.school_id = ${of.schoolId}`;
  return {
    communities,
    schools: sql`SELECT ${of.schoolId} AS school_id`,
    visible: sql`(ev.school_id = ${of.schoolId}
      OR EXISTS (SELECT 1 FROM communities c WHERE c.id = ev.community_id AND c.school_id = ${of.schoolId}))`,
  };
}
