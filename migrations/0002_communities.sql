CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_community` ON `reports` (`community_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `communities` ADD `post_policy` text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `requires_approval` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `avatar` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `pinned_at` integer;--> statement-breakpoint
CREATE INDEX `posts_author_created` ON `posts` (`author_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `likes_target` ON `likes` (`target_type`,`target_id`);