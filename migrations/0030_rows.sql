ALTER TABLE `conversation_participants` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `conversation_participants_user_updated` ON `conversation_participants` (`user_id`,`updated_at`,`conversation_id`);--> statement-breakpoint
-- conversation_participants.updated_at copies conversations.updated_at (decision 179): a person's
-- chat menu then reads its page straight from the index above. Kept here by triggers, so every
-- writer (a message sent, a group made, a member added, the seeds) keeps it without knowing.
CREATE TRIGGER `conversation_participants_updated_insert` AFTER INSERT ON `conversation_participants` BEGIN
	UPDATE `conversation_participants`
		SET updated_at = coalesce((SELECT updated_at FROM `conversations` WHERE id = new.conversation_id), 0)
		WHERE conversation_id = new.conversation_id AND user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_updated` AFTER UPDATE OF updated_at ON `conversations`
	WHEN old.updated_at IS NOT new.updated_at BEGIN
	UPDATE `conversation_participants` SET updated_at = new.updated_at WHERE conversation_id = new.id;
END;
--> statement-breakpoint
UPDATE `conversation_participants`
	SET updated_at = coalesce((SELECT updated_at FROM `conversations` c WHERE c.id = conversation_id), 0);
