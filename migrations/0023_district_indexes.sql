CREATE INDEX `mail_recipients_user_unread` ON `mail_recipients` (`user_id`,`read_at`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`deleted`,`seen`);--> statement-breakpoint
CREATE INDEX `notifications_user_list` ON `notifications` (`user_id`,`deleted`,`created_at`,`oid`);