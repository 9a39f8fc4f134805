CREATE TABLE `community_invites` (
	`community_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`token` text NOT NULL,
	`code_hash` text NOT NULL,
	`token_hash` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_invites_code` ON `community_invites` (`code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `community_invites_token` ON `community_invites` (`token_hash`);--> statement-breakpoint
CREATE TABLE `community_joins` (
	`community_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`method` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
