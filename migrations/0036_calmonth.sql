DROP INDEX `event_exceptions_moved`;--> statement-breakpoint
ALTER TABLE `event_exceptions` ADD `moved_level` integer GENERATED ALWAYS AS (CASE WHEN moved_end IS NULL THEN NULL WHEN moved_end - starts_at <= 86400000 THEN 0 WHEN moved_end - starts_at <= 691200000 THEN 1 WHEN moved_end - starts_at <= 5529600000 THEN 2 WHEN moved_end - starts_at <= 44236800000 THEN 3 ELSE 4 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `event_exceptions_moved_level` ON `event_exceptions` (`moved_level`,`starts_at`,`moved_end`);--> statement-breakpoint
DROP INDEX `events_community_span`;--> statement-breakpoint
DROP INDEX `events_school_span`;--> statement-breakpoint
ALTER TABLE `events` ADD `span_level` integer GENERATED ALWAYS AS (CASE WHEN cancelled_at IS NOT NULL THEN NULL WHEN span_end - starts_at <= 86400000 THEN 0 WHEN span_end - starts_at <= 691200000 THEN 1 WHEN span_end - starts_at <= 5529600000 THEN 2 WHEN span_end - starts_at <= 44236800000 THEN 3 ELSE 4 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `events_community_level` ON `events` (`community_id`,`span_level`,`starts_at`,`span_end`);--> statement-breakpoint
CREATE INDEX `events_school_level` ON `events` (`school_id`,`span_level`,`starts_at`,`span_end`);