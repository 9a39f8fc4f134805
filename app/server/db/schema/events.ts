import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, textLanguage } from "./columns";
import { communities } from "./communities";
import { schools } from "./schools";
import { users } from "./users";

const DAY = 86_400_000;

/**
 * The longest span of each span level (decision 191): a day (most events), then without bound
 * (longer events and series). An event of a bounded level that shows in [from, to) ends in
 * [from, to + its longest span), so the month reads it from a range bounded on both sides.
 */
export const SPAN_LEVEL_LONGEST = [DAY, Number.MAX_SAFE_INTEGER] as const;

/** The level of a span from `start` to `end` (SQL column expressions), null when `hidden`. */
function spanLevelOf(start: string, end: string, hidden: string) {
  const levels = SPAN_LEVEL_LONGEST.slice(0, -1)
    .map((longest, level) => `WHEN ${end} - ${start} <= ${longest} THEN ${level}`)
    .join(" ");
  return sql.raw(`CASE WHEN ${hidden} THEN NULL ${levels} ELSE ${SPAN_LEVEL_LONGEST.length - 1} END`);
}

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id").references(() => communities.id, { onDelete: "cascade" }),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at"),
    allDay: integer("all_day", { mode: "boolean" }).notNull().default(false),
    location: text("location"),
    createdAt: createdAt(),
    // --- Calendar area (events): decision 056. starts_at/ends_at are UTC ms of the first
    // occurrence; all-day events store UTC midnight of their local dates (floating dates).
    description: text("description").notNull().default(""),
    timeZone: text("time_zone").notNull().default("UTC"),
    recurrence: text("recurrence", { enum: ["none", "weekly", "monthly"] })
      .notNull()
      .default("none"),
    // Last local date (UTC midnight ms) an occurrence may start on; null repeats for a year.
    recurrenceUntil: integer("recurrence_until"),
    capacity: integer("capacity"),
    cancelledAt: integer("cancelled_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at"),
    // --- end calendar area
    // The description's language and version (decision 150).
    ...textLanguage(),
    // The latest time any date of the series may still show (decision 187): its end, the day
    // after its last date when it repeats, or far in the future when it repeats without end.
    // A calendar month reads only the events of its communities that end after the month begins.
    spanEnd: integer("span_end").generatedAlwaysAs(
      sql`CASE WHEN recurrence = 'none' THEN coalesce(ends_at, starts_at)
        ELSE coalesce(max(recurrence_until + 86400000, coalesce(ends_at, starts_at)), 9007199254740991) END`,
      { mode: "virtual" },
    ),
    // How long the series spans, as a level of `SPAN_LEVEL_LONGEST` (decision 191): a month reads
    // one index range of `span_end` per level. Null when cancelled: it shows on no calendar.
    spanLevel: integer("span_level").generatedAlwaysAs(
      spanLevelOf("starts_at", "span_end", "cancelled_at IS NOT NULL"),
      { mode: "virtual" },
    ),
  },
  (table) => [
    index("events_starts").on(table.startsAt),
    index("events_community_level").on(table.communityId, table.spanLevel, table.spanEnd, table.startsAt),
    index("events_school_level").on(table.schoolId, table.spanLevel, table.spanEnd, table.startsAt),
  ],
);

/** One occurrence of a recurring event cancelled or moved, keyed by its original start (UTC ms). */
export const eventExceptions = sqliteTable(
  "event_exceptions",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: integer("occurrence_start").notNull(),
    cancelled: integer("cancelled", { mode: "boolean" }).notNull().default(false),
    startsAt: integer("starts_at"),
    endsAt: integer("ends_at"),
    // A date moved elsewhere: where it now ends (decision 187); null when cancelled or not moved.
    movedEnd: integer("moved_end").generatedAlwaysAs(
      sql`CASE WHEN cancelled = 0 AND starts_at IS NOT NULL THEN coalesce(ends_at, starts_at) END`,
      { mode: "virtual" },
    ),
    // The moved date's span level, as `events.span_level` (decision 191); null when not moved.
    movedLevel: integer("moved_level").generatedAlwaysAs(spanLevelOf("starts_at", "moved_end", "moved_end IS NULL"), {
      mode: "virtual",
    }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceStart] }),
    index("event_exceptions_moved_level").on(table.movedLevel, table.movedEnd, table.startsAt),
  ],
);

/**
 * Answers to one date of an event (decision 058): going, maybe, not going, or waiting for a
 * place. `occurrence_start` is the date's original start, as in `event_exceptions`, so a moved
 * date keeps its answers.
 */
export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: integer("occurrence_start").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["going", "maybe", "not_going", "waiting"] }).notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceStart, table.userId] }),
    index("event_rsvps_user").on(table.userId),
  ],
);

/** The private iCalendar feed: one token per user, stored hashed, replaced to revoke. */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});
// --- end schools and calendar area
