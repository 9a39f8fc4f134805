CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `event_exceptions` (
	`event_id` integer NOT NULL,
	`occurrence_start` integer NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	PRIMARY KEY(`event_id`, `occurrence_start`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `event_rsvps` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_rsvps_user` ON `event_rsvps` (`user_id`);--> statement-breakpoint
CREATE TABLE `school_follows` (
	`user_id` integer NOT NULL,
	`school_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `school_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `school_follows_school` ON `school_follows` (`school_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `recurrence` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `recurrence_until` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `created_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `events` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `events_community` ON `events` (`community_id`);--> statement-breakpoint
CREATE INDEX `schools_state_district` ON `schools` (`state`,`district`);--> statement-breakpoint
CREATE INDEX `schools_state_city` ON `schools` (`state`,`city`);