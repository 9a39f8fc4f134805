ALTER TABLE `conversation_participants` ADD `conversation_type` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `conversation_title` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `peer_id` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `peer_name` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `peer_username` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `peer_avatar` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_message_id` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_sender_id` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_content` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_created_at` integer;--> statement-breakpoint
CREATE INDEX `conversation_participants_peer` ON `conversation_participants` (`peer_id`);--> statement-breakpoint
CREATE INDEX `messages_visible` ON `messages` (`conversation_id`,`created_at`,`id`) WHERE disposition NOT IN (1, 2, 3);--> statement-breakpoint
-- A row per conversation listed (decision 197): the chat menu on every page and /chat read each
-- listed conversation from the viewer's own conversation_participants row, in the order of its
-- (user_id, updated_at) index. The copies are kept here by triggers, as 0030, 0035 and 0036 keep
-- theirs, so every writer (the services, the seeds, tests, cascades) keeps them without knowing:
-- the conversation's type and title; the other person of a direct chat (peer_*), null for a
-- group or once that person's row is gone; the last message not removed (dispositions 1, 2, 3:
-- REMOVED_DISPOSITIONS in chat/conversations.server.ts, as messages_visible names them).
CREATE TRIGGER `conversation_participants_copies_insert` AFTER INSERT ON `conversation_participants` BEGIN
	UPDATE `conversation_participants` SET
		conversation_type = coalesce((SELECT type FROM `conversations` WHERE id = new.conversation_id), 0),
		conversation_title = (SELECT title FROM `conversations` WHERE id = new.conversation_id),
		peer_id = (SELECT o.user_id FROM `conversation_participants` o JOIN `conversations` c ON c.id = o.conversation_id
			WHERE o.conversation_id = new.conversation_id AND o.user_id != new.user_id AND c.type = 0 LIMIT 1)
		WHERE conversation_id = new.conversation_id AND user_id = new.user_id;
	UPDATE `conversation_participants` SET peer_id = new.user_id
		WHERE conversation_id = new.conversation_id AND user_id != new.user_id AND conversation_type = 0;
	UPDATE `conversation_participants` SET
		(peer_name, peer_username, peer_avatar) = (SELECT name, username, avatar FROM `users` WHERE id = peer_id)
		WHERE conversation_id = new.conversation_id AND peer_id IS NOT NULL;
	UPDATE `conversation_participants` SET
		(last_message_id, last_sender_id, last_content, last_created_at) = (SELECT m.id, m.sender_id, m.content, m.created_at
			FROM `messages` m WHERE m.conversation_id = new.conversation_id AND m.disposition NOT IN (1, 2, 3)
			ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
		WHERE conversation_id = new.conversation_id AND user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_copies_leave` AFTER DELETE ON `conversation_participants` BEGIN
	UPDATE `conversation_participants` SET peer_id = NULL, peer_name = NULL, peer_username = NULL, peer_avatar = NULL
		WHERE conversation_id = old.conversation_id AND peer_id = old.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_copies_title` AFTER UPDATE OF title ON `conversations`
	WHEN new.title IS NOT old.title BEGIN
	UPDATE `conversation_participants` SET conversation_title = new.title WHERE conversation_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_copies_peer` AFTER UPDATE OF name, username, avatar ON `users`
	WHEN new.name IS NOT old.name OR new.username IS NOT old.username OR new.avatar IS NOT old.avatar BEGIN
	UPDATE `conversation_participants` SET peer_name = new.name, peer_username = new.username, peer_avatar = new.avatar
		WHERE peer_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_last_insert` AFTER INSERT ON `messages`
	WHEN new.disposition NOT IN (1, 2, 3) BEGIN
	UPDATE `conversation_participants` SET last_message_id = new.id, last_sender_id = new.sender_id,
		last_content = new.content, last_created_at = new.created_at
		WHERE conversation_id = new.conversation_id AND (last_message_id IS NULL OR new.created_at > last_created_at
			OR (new.created_at = last_created_at AND new.id > last_message_id));
END;
--> statement-breakpoint
-- A change of the last message (deleted, removed, its sender's account deleted), or of one that
-- may become last, takes the conversation's last visible message again (one index row).
CREATE TRIGGER `conversation_participants_last_update`
	AFTER UPDATE OF disposition, sender_id, content, created_at, conversation_id ON `messages` BEGIN
	UPDATE `conversation_participants` SET
		(last_message_id, last_sender_id, last_content, last_created_at) = (SELECT m.id, m.sender_id, m.content, m.created_at
			FROM `messages` m WHERE m.conversation_id = `conversation_participants`.conversation_id
				AND m.disposition NOT IN (1, 2, 3) ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
		WHERE conversation_id IN (old.conversation_id, new.conversation_id) AND (last_message_id IS NULL
			OR last_message_id = old.id OR new.created_at > last_created_at
			OR (new.created_at = last_created_at AND new.id > last_message_id));
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_last_delete` AFTER DELETE ON `messages` BEGIN
	UPDATE `conversation_participants` SET
		(last_message_id, last_sender_id, last_content, last_created_at) = (SELECT m.id, m.sender_id, m.content, m.created_at
			FROM `messages` m WHERE m.conversation_id = old.conversation_id AND m.disposition NOT IN (1, 2, 3)
			ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
		WHERE conversation_id = old.conversation_id AND last_message_id = old.id;
END;
--> statement-breakpoint
UPDATE `conversation_participants` SET
	conversation_type = (SELECT c.type FROM `conversations` c WHERE c.id = conversation_id),
	conversation_title = (SELECT c.title FROM `conversations` c WHERE c.id = conversation_id);
--> statement-breakpoint
UPDATE `conversation_participants` SET peer_id = (SELECT o.user_id FROM `conversation_participants` o
	WHERE o.conversation_id = `conversation_participants`.conversation_id AND o.user_id != `conversation_participants`.user_id LIMIT 1)
	WHERE conversation_type = 0;
--> statement-breakpoint
UPDATE `conversation_participants` SET
	(peer_name, peer_username, peer_avatar) = (SELECT u.name, u.username, u.avatar FROM `users` u WHERE u.id = peer_id)
	WHERE peer_id IS NOT NULL;
--> statement-breakpoint
UPDATE `conversation_participants` SET
	(last_message_id, last_sender_id, last_content, last_created_at) = (SELECT m.id, m.sender_id, m.content, m.created_at
		FROM `messages` m WHERE m.conversation_id = `conversation_participants`.conversation_id AND m.disposition NOT IN (1, 2, 3)
		ORDER BY m.created_at DESC, m.id DESC LIMIT 1);
