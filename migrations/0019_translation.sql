CREATE TABLE `translations` (
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`text_version` integer NOT NULL,
	`lang` text NOT NULL,
	`source_lang` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`kind`, `item_id`, `text_version`, `lang`)
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `text_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `comments` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `text_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `text_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `events` ADD `text_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `text_version` integer DEFAULT 1 NOT NULL;