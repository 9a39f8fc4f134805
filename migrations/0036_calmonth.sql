DROP INDEX `event_exceptions_moved`;--> statement-breakpoint
ALTER TABLE `event_exceptions` ADD `moved_level` integer GENERATED ALWAYS AS (CASE WHEN moved_end IS NULL THEN NULL WHEN moved_end - starts_at <= 86400000 THEN 0 ELSE 1 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `event_exceptions_moved_level` ON `event_exceptions` (`moved_level`,`moved_end`,`starts_at`);--> statement-breakpoint
DROP INDEX `events_community_span`;--> statement-breakpoint
DROP INDEX `events_school_span`;--> statement-breakpoint
ALTER TABLE `events` ADD `span_level` integer GENERATED ALWAYS AS (CASE WHEN cancelled_at IS NOT NULL THEN NULL WHEN span_end - starts_at <= 86400000 THEN 0 ELSE 1 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `events_community_level` ON `events` (`community_id`,`span_level`,`span_end`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_school_level` ON `events` (`school_id`,`span_level`,`span_end`,`starts_at`);--> statement-breakpoint
DROP INDEX `friendships_addressee`;--> statement-breakpoint
ALTER TABLE `friendships` ADD `requester_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `friendships` ADD `addressee_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `friendships_requester_name` ON `friendships` (`requester_id`,`status`,`addressee_name`,`addressee_id`,`created_at`,`accepted_at`);--> statement-breakpoint
CREATE INDEX `friendships_addressee_name` ON `friendships` (`addressee_id`,`status`,`requester_name`,`requester_id`,`created_at`,`accepted_at`);--> statement-breakpoint
-- friendships.requester_name / addressee_name copy users.name (decision 191): /profile/friends
-- then reads each side's friends by name from the indexes above, a page at a time. Kept here by
-- triggers, as 0034 keeps mail_recipients.created_at, so every writer (the services, the seeds,
-- tests) keeps them: on a new friendship, and when a user's name changes.
CREATE TRIGGER `friendships_names_insert` AFTER INSERT ON `friendships` BEGIN
	UPDATE `friendships`
		SET requester_name = coalesce((SELECT name FROM `users` WHERE id = new.requester_id), ''),
			addressee_name = coalesce((SELECT name FROM `users` WHERE id = new.addressee_id), '')
		WHERE requester_id = new.requester_id AND addressee_id = new.addressee_id;
END;
--> statement-breakpoint
CREATE TRIGGER `friendships_names_rename` AFTER UPDATE OF name ON `users` WHEN new.name IS NOT old.name BEGIN
	UPDATE `friendships` SET requester_name = new.name WHERE requester_id = new.id;
	UPDATE `friendships` SET addressee_name = new.name WHERE addressee_id = new.id;
END;
--> statement-breakpoint
UPDATE `friendships`
	SET requester_name = coalesce((SELECT name FROM `users` u WHERE u.id = requester_id), ''),
		addressee_name = coalesce((SELECT name FROM `users` u WHERE u.id = addressee_id), '');
