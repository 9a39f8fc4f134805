ALTER TABLE `notifications` ADD `actor_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `notifications` ADD `actor_title` text;--> statement-breakpoint
CREATE INDEX `notifications_actor` ON `notifications` (`actor_id`);