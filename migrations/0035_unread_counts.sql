ALTER TABLE `conversation_participants` ADD `unread` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `unread_counts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`notifications` integer DEFAULT 0 NOT NULL,
	`mail` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- unread_counts holds each person's unread totals (decision 190): the header on every signed-in
-- page reads one row instead of counting every unread notification and copy. Kept exact here by
-- triggers on every row that moves a total (insert, update of the unread columns, delete, also
-- the cascades of a deleted message or user), so every writer (the services, the queue's jobs,
-- the seeds, tests) keeps it without knowing. Only UPDATEs: a row is made with its user.
CREATE TRIGGER `unread_counts_user_insert` AFTER INSERT ON `users` BEGIN
	INSERT OR IGNORE INTO `unread_counts` (user_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_notification_insert` AFTER INSERT ON `notifications`
	WHEN new.seen = 0 AND new.deleted = 0 BEGIN
	UPDATE `unread_counts` SET notifications = notifications + 1 WHERE user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_notification_update` AFTER UPDATE OF seen, deleted, user_id ON `notifications`
	WHEN (old.seen = 0 AND old.deleted = 0) IS NOT (new.seen = 0 AND new.deleted = 0) OR old.user_id IS NOT new.user_id BEGIN
	UPDATE `unread_counts` SET notifications = notifications - (old.seen = 0 AND old.deleted = 0) WHERE user_id = old.user_id;
	UPDATE `unread_counts` SET notifications = notifications + (new.seen = 0 AND new.deleted = 0) WHERE user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_notification_delete` AFTER DELETE ON `notifications`
	WHEN old.seen = 0 AND old.deleted = 0 BEGIN
	UPDATE `unread_counts` SET notifications = notifications - 1 WHERE user_id = old.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_mail_insert` AFTER INSERT ON `mail_recipients`
	WHEN new.read_at IS NULL AND new.deleted_at IS NULL BEGIN
	UPDATE `unread_counts` SET mail = mail + 1 WHERE user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_mail_update` AFTER UPDATE OF read_at, deleted_at, user_id ON `mail_recipients`
	WHEN (old.read_at IS NULL AND old.deleted_at IS NULL) IS NOT (new.read_at IS NULL AND new.deleted_at IS NULL)
		OR old.user_id IS NOT new.user_id BEGIN
	UPDATE `unread_counts` SET mail = mail - (old.read_at IS NULL AND old.deleted_at IS NULL) WHERE user_id = old.user_id;
	UPDATE `unread_counts` SET mail = mail + (new.read_at IS NULL AND new.deleted_at IS NULL) WHERE user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `unread_counts_mail_delete` AFTER DELETE ON `mail_recipients`
	WHEN old.read_at IS NULL AND old.deleted_at IS NULL BEGIN
	UPDATE `unread_counts` SET mail = mail - 1 WHERE user_id = old.user_id;
END;
--> statement-breakpoint
INSERT INTO `unread_counts` (user_id, notifications, mail)
	SELECT u.id,
		(SELECT count(*) FROM `notifications` n WHERE n.user_id = u.id AND n.seen = 0 AND n.deleted = 0),
		(SELECT count(*) FROM `mail_recipients` r WHERE r.user_id = u.id AND r.read_at IS NULL AND r.deleted_at IS NULL)
	FROM `users` u WHERE true
	ON CONFLICT (user_id) DO UPDATE SET notifications = excluded.notifications, mail = excluded.mail;
--> statement-breakpoint
-- conversation_participants.unread: the messages from others after the person's last_read_at that
-- are not removed (dispositions 1, 2, 3: REMOVED_DISPOSITIONS in chat/conversations.server.ts),
-- what the chat menu counted per conversation on every page (decision 190). A message sent adds
-- one to each participant who has not read past it; a change of disposition, sender (a deleted
-- account) or time, and a delete, move it back; a read (last_read_at moved) or a new participant
-- counts again, only the messages after the read.
CREATE TRIGGER `conversation_participants_unread_message_insert` AFTER INSERT ON `messages`
	WHEN new.disposition NOT IN (1, 2, 3) BEGIN
	UPDATE `conversation_participants` SET unread = unread + 1
		WHERE conversation_id = new.conversation_id AND new.created_at > last_read_at
			AND (new.sender_id IS NULL OR new.sender_id != user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_unread_message_update`
	AFTER UPDATE OF disposition, sender_id, created_at, conversation_id ON `messages`
	WHEN old.disposition IS NOT new.disposition OR old.sender_id IS NOT new.sender_id
		OR old.created_at IS NOT new.created_at OR old.conversation_id IS NOT new.conversation_id BEGIN
	UPDATE `conversation_participants` SET unread = unread - 1
		WHERE conversation_id = old.conversation_id AND old.disposition NOT IN (1, 2, 3) AND old.created_at > last_read_at AND (old.sender_id IS NULL OR old.sender_id != user_id);
	UPDATE `conversation_participants` SET unread = unread + 1
		WHERE conversation_id = new.conversation_id AND new.disposition NOT IN (1, 2, 3) AND new.created_at > last_read_at AND (new.sender_id IS NULL OR new.sender_id != user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_unread_message_delete` AFTER DELETE ON `messages`
	WHEN old.disposition NOT IN (1, 2, 3) BEGIN
	UPDATE `conversation_participants` SET unread = unread - 1
		WHERE conversation_id = old.conversation_id AND old.disposition NOT IN (1, 2, 3) AND old.created_at > last_read_at AND (old.sender_id IS NULL OR old.sender_id != user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_unread_read` AFTER UPDATE OF last_read_at, user_id ON `conversation_participants`
	WHEN old.last_read_at IS NOT new.last_read_at OR old.user_id IS NOT new.user_id BEGIN
	UPDATE `conversation_participants` SET unread = (SELECT count(*) FROM `messages` m
		WHERE m.conversation_id = new.conversation_id AND m.created_at > new.last_read_at AND m.disposition NOT IN (1, 2, 3)
			AND (m.sender_id IS NULL OR m.sender_id != new.user_id))
		WHERE conversation_id = new.conversation_id AND user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_unread_join` AFTER INSERT ON `conversation_participants` BEGIN
	UPDATE `conversation_participants` SET unread = (SELECT count(*) FROM `messages` m
		WHERE m.conversation_id = new.conversation_id AND m.created_at > new.last_read_at AND m.disposition NOT IN (1, 2, 3)
			AND (m.sender_id IS NULL OR m.sender_id != new.user_id))
		WHERE conversation_id = new.conversation_id AND user_id = new.user_id;
END;
--> statement-breakpoint
UPDATE `conversation_participants` SET unread = (SELECT count(*) FROM `messages` m
	WHERE m.conversation_id = `conversation_participants`.conversation_id
		AND m.created_at > `conversation_participants`.last_read_at AND m.disposition NOT IN (1, 2, 3)
		AND (m.sender_id IS NULL OR m.sender_id != `conversation_participants`.user_id));
