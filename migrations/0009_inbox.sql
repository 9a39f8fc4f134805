ALTER TABLE `mail_messages` ADD `thread_id` integer;--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `client_key` text;--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `send_id` text;--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `sender_deleted_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_messages_client_key_unique` ON `mail_messages` (`sender_id`,`client_key`);--> statement-breakpoint
CREATE INDEX `mail_messages_sender_created` ON `mail_messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_thread` ON `mail_messages` (`thread_id`);--> statement-breakpoint
CREATE INDEX `attachments_message` ON `attachments` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_recipients_user` ON `mail_recipients` (`user_id`,`message_id`);