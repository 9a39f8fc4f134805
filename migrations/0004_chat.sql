ALTER TABLE `conversations` ADD `direct_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_direct_key_unique` ON `conversations` (`direct_key`);--> statement-breakpoint
-- Existing direct chats get their key, so /chat/@username finds them (decision 050).
UPDATE `conversations` SET `direct_key` = (
  SELECT min(p.user_id) || ':' || max(p.user_id) FROM `conversation_participants` p WHERE p.conversation_id = `conversations`.`id`
) WHERE `type` = 0 AND (SELECT count(*) FROM `conversation_participants` p WHERE p.conversation_id = `conversations`.`id`) = 2;
