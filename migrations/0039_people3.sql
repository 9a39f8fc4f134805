DROP INDEX `friendships_requester_name`;--> statement-breakpoint
DROP INDEX `friendships_addressee_name`;--> statement-breakpoint
ALTER TABLE `friendships` ADD `requester_username` text;--> statement-breakpoint
ALTER TABLE `friendships` ADD `addressee_username` text;--> statement-breakpoint
ALTER TABLE `friendships` ADD `requester_avatar` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE `friendships` ADD `addressee_avatar` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX `friendships_requester_name` ON `friendships` (`requester_id`,`status`,`addressee_name`,`addressee_id`,`created_at`,`accepted_at`,`addressee_username`,`addressee_avatar`);--> statement-breakpoint
CREATE INDEX `friendships_addressee_name` ON `friendships` (`addressee_id`,`status`,`requester_name`,`requester_id`,`created_at`,`accepted_at`,`requester_username`,`requester_avatar`);--> statement-breakpoint
-- friendships.*_username / *_avatar copy users.username / users.avatar beside the names of 0036
-- (decision 198): a page of /profile/friends is then read from the two indexes above alone, one
-- row per person shown, without looking each person up. The triggers of 0036 are replaced by
-- ones that keep all three copies, on a new friendship and when a user's name, username or
-- avatar changes, so every writer (services, seeds, tests) keeps them.
DROP TRIGGER IF EXISTS `friendships_names_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `friendships_names_rename`;
--> statement-breakpoint
CREATE TRIGGER `friendships_people_insert` AFTER INSERT ON `friendships` BEGIN
	UPDATE `friendships`
		SET requester_name = coalesce((SELECT name FROM `users` WHERE id = new.requester_id), ''),
			requester_username = (SELECT username FROM `users` WHERE id = new.requester_id),
			requester_avatar = coalesce((SELECT avatar FROM `users` WHERE id = new.requester_id), 'default'),
			addressee_name = coalesce((SELECT name FROM `users` WHERE id = new.addressee_id), ''),
			addressee_username = (SELECT username FROM `users` WHERE id = new.addressee_id),
			addressee_avatar = coalesce((SELECT avatar FROM `users` WHERE id = new.addressee_id), 'default')
		WHERE requester_id = new.requester_id AND addressee_id = new.addressee_id;
END;
--> statement-breakpoint
CREATE TRIGGER `friendships_people_update` AFTER UPDATE OF name, username, avatar ON `users`
	WHEN new.name IS NOT old.name OR new.username IS NOT old.username OR new.avatar IS NOT old.avatar BEGIN
	UPDATE `friendships` SET requester_name = new.name, requester_username = new.username, requester_avatar = new.avatar
		WHERE requester_id = new.id;
	UPDATE `friendships` SET addressee_name = new.name, addressee_username = new.username, addressee_avatar = new.avatar
		WHERE addressee_id = new.id;
END;
--> statement-breakpoint
-- The list no longer joins users to leave out deleted accounts: a deleted account has no
-- friendships (deleteAccount removes them in its batch); this keeps that true for any writer.
CREATE TRIGGER `friendships_gone_with_account` AFTER UPDATE OF deleted_at ON `users`
	WHEN new.deleted_at IS NOT NULL AND old.deleted_at IS NULL BEGIN
	DELETE FROM `friendships` WHERE requester_id = new.id;
	DELETE FROM `friendships` WHERE addressee_id = new.id;
END;
--> statement-breakpoint
-- Nor is one made with an account already deleted (a writer that did not check): skipped.
CREATE TRIGGER `friendships_never_with_deleted` BEFORE INSERT ON `friendships`
	WHEN EXISTS (SELECT 1 FROM `users` WHERE id IN (new.requester_id, new.addressee_id) AND deleted_at IS NOT NULL) BEGIN
	SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
UPDATE `friendships` SET
	requester_name = coalesce((SELECT name FROM `users` u WHERE u.id = requester_id), ''),
	requester_username = (SELECT username FROM `users` u WHERE u.id = requester_id),
	requester_avatar = coalesce((SELECT avatar FROM `users` u WHERE u.id = requester_id), 'default'),
	addressee_name = coalesce((SELECT name FROM `users` u WHERE u.id = addressee_id), ''),
	addressee_username = (SELECT username FROM `users` u WHERE u.id = addressee_id),
	addressee_avatar = coalesce((SELECT avatar FROM `users` u WHERE u.id = addressee_id), 'default');
--> statement-breakpoint
DELETE FROM `friendships` WHERE requester_id IN (SELECT id FROM `users` WHERE deleted_at IS NOT NULL)
	OR addressee_id IN (SELECT id FROM `users` WHERE deleted_at IS NOT NULL);
