ALTER TABLE `comments` ADD `client_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `comments_author_client_key` ON `comments` (`author_id`,`client_key`);