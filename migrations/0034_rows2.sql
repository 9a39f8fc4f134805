DROP INDEX `events_community`;--> statement-breakpoint
ALTER TABLE `events` ADD `span_end` integer GENERATED ALWAYS AS (CASE WHEN recurrence = 'none' THEN coalesce(ends_at, starts_at)
        ELSE coalesce(max(recurrence_until + 86400000, coalesce(ends_at, starts_at)), 9007199254740991) END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `events_community_span` ON `events` (`community_id`,`span_end`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_school_span` ON `events` (`school_id`,`span_end`,`starts_at`);--> statement-breakpoint
ALTER TABLE `event_exceptions` ADD `moved_end` integer GENERATED ALWAYS AS (CASE WHEN cancelled = 0 AND starts_at IS NOT NULL THEN coalesce(ends_at, starts_at) END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `event_exceptions_moved` ON `event_exceptions` (`moved_end`,`starts_at`);--> statement-breakpoint
ALTER TABLE `mail_recipients` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_recipients_user_created` ON `mail_recipients` (`user_id`,`deleted_at`,`created_at`,`message_id`);--> statement-breakpoint
-- mail_recipients.created_at copies mail_messages.created_at (decision 187): the inbox's page is
-- then read straight from the index above. Kept here by a trigger, as decision 179 keeps
-- conversation_participants.updated_at, so every writer (the send, the seeds, tests) keeps it.
CREATE TRIGGER `mail_recipients_created_insert` AFTER INSERT ON `mail_recipients` BEGIN
	UPDATE `mail_recipients`
		SET created_at = coalesce((SELECT created_at FROM `mail_messages` WHERE id = new.message_id), 0)
		WHERE message_id = new.message_id AND user_id = new.user_id;
END;
--> statement-breakpoint
UPDATE `mail_recipients`
	SET created_at = coalesce((SELECT created_at FROM `mail_messages` m WHERE m.id = message_id), 0);
