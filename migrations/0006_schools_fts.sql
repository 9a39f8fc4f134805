-- School search (decision 055): FTS5 with the trigram tokenizer, so any 3+ character substring
-- of a name, city or district matches; external content keeps one copy of the text in `schools`.
CREATE VIRTUAL TABLE `schools_fts` USING fts5(
	name, city, district,
	content='schools', content_rowid='id',
	tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `schools_fts` (rowid, name, city, district) SELECT id, name, coalesce(city, ''), coalesce(district, '') FROM `schools`;
--> statement-breakpoint
CREATE TRIGGER `schools_fts_insert` AFTER INSERT ON `schools` BEGIN
	INSERT INTO `schools_fts` (rowid, name, city, district) VALUES (new.id, new.name, coalesce(new.city, ''), coalesce(new.district, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `schools_fts_delete` AFTER DELETE ON `schools` BEGIN
	INSERT INTO `schools_fts` (`schools_fts`, rowid, name, city, district) VALUES ('delete', old.id, old.name, coalesce(old.city, ''), coalesce(old.district, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `schools_fts_update` AFTER UPDATE OF name, city, district ON `schools` BEGIN
	INSERT INTO `schools_fts` (`schools_fts`, rowid, name, city, district) VALUES ('delete', old.id, old.name, coalesce(old.city, ''), coalesce(old.district, ''));
	INSERT INTO `schools_fts` (rowid, name, city, district) VALUES (new.id, new.name, coalesce(new.city, ''), coalesce(new.district, ''));
END;
