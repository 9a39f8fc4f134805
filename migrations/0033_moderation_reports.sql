-- Reports that belong to no community (decision 186): chat and inbox messages and people go to
-- the operators' queue, so reports.community_id becomes nullable. D1 always enforces foreign
-- keys; deferring them lets the table be rebuilt inside the migration's transaction (nothing
-- references reports), as in 0008.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_reports`("id", "community_id", "target_type", "target_id", "reporter_id", "reason", "created_at") SELECT "id", "community_id", "target_type", "target_id", "reporter_id", "reason", "created_at" FROM `reports`;--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `reports_community` ON `reports` (`community_id`,`created_at`);
