CREATE TABLE `roster_parents` (
	`community_id` integer NOT NULL,
	`student` text NOT NULL,
	`parent_id` integer NOT NULL,
	`state` text NOT NULL,
	`confirmed_by` integer,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`community_id`, `parent_id`, `student`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `roster_parents_parent` ON `roster_parents` (`parent_id`);--> statement-breakpoint
CREATE TABLE `roster_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`student` text DEFAULT '' NOT NULL,
	`token_hash` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`invited_by` integer,
	`expires_at` integer NOT NULL,
	`sent_at` integer,
	`joined_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`joined_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roster_invitations_email` ON `roster_invitations` (`community_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `roster_invitations_token` ON `roster_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `roster_invitations_community` ON `roster_invitations` (`community_id`,`id`);--> statement-breakpoint
CREATE INDEX `roster_invitations_student` ON `roster_invitations` (`community_id`,`student`);