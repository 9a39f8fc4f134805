-- Answers per date (decision 058): event_rsvps gains occurrence_start, the original start of
-- the date answered, and joins the key. D1 always enforces foreign keys; deferring them lets
-- the table be rebuilt inside the migration's transaction (nothing references event_rsvps).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_event_rsvps` (
	`event_id` integer NOT NULL,
	`occurrence_start` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `occurrence_start`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- An answer given before this migration covered the whole series; it becomes the answer for
-- the event's first date (`events.starts_at`), which is exact for one-off events. Expanding a
-- series needs its time zone rules, which SQL does not have; members answer later dates anew.
INSERT INTO `__new_event_rsvps`("event_id", "occurrence_start", "user_id", "status", "updated_at")
  SELECT r."event_id", e."starts_at", r."user_id", r."status", r."updated_at"
  FROM `event_rsvps` r JOIN `events` e ON e."id" = r."event_id";--> statement-breakpoint
DROP TABLE `event_rsvps`;--> statement-breakpoint
ALTER TABLE `__new_event_rsvps` RENAME TO `event_rsvps`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `event_rsvps_user` ON `event_rsvps` (`user_id`);
