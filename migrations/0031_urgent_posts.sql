ALTER TABLE `posts` ADD `urgent_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `urgent_by` integer REFERENCES users(id) ON DELETE SET NULL;
