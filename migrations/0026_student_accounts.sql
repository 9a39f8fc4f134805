CREATE TABLE `student_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`birth_year` integer NOT NULL,
	`set_by` integer,
	`consent_by` integer,
	`consent_at` integer,
	`peers_off` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`consent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
