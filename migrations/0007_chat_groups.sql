ALTER TABLE `conversations` ADD `create_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_create_key_unique` ON `conversations` (`create_key`);