CREATE TABLE `job_receipts` (
	`key` text PRIMARY KEY NOT NULL,
	`done_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_receipts_done_at` ON `job_receipts` (`done_at`);