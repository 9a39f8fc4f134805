-- School search in bounded time (decision 084). One row per word start of a school's name, city
-- and district: `key` is the lowercased text from that word to the end of the field, so "a word
-- starts with the typed text" is a range of the primary key, already in the order the results
-- are shown (tier, key, name). A search reads only the rows it returns: no ranking of every match.
-- tier 1: the name's first word (the name starts with the text); 2: a later word of the name;
-- 3: a word of the city; 4: a word of the district. Kept current by triggers on `schools`.
-- lower() folds ASCII only; the search folds the typed text the same way (search.server.ts).
CREATE TABLE `school_search_keys` (
	`tier` integer NOT NULL,
	`key` text NOT NULL,
	`name_key` text NOT NULL,
	`school_id` integer NOT NULL,
	PRIMARY KEY (`tier`, `key`, `name_key`, `school_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `school_search_keys_insert` AFTER INSERT ON `schools` BEGIN
	INSERT INTO `school_search_keys` (tier, key, name_key, school_id)
	WITH RECURSIVE suffix(tier, rest) AS (
		SELECT 1, lower(trim(new.name))
		UNION ALL SELECT 3, lower(trim(coalesce(new.city, '')))
		UNION ALL SELECT 4, lower(trim(coalesce(new.district, '')))
		UNION ALL SELECT CASE tier WHEN 1 THEN 2 ELSE tier END, substr(rest, instr(rest, ' ') + 1) FROM suffix WHERE instr(rest, ' ') > 0
	)
	SELECT tier, rest, lower(trim(new.name)), new.id FROM suffix WHERE rest <> '' AND rest NOT LIKE ' %';
END;
--> statement-breakpoint
-- Deletes exactly the old rows (by primary key, no scan): the same suffixes, from the old values.
CREATE TRIGGER `school_search_keys_delete` AFTER DELETE ON `schools` BEGIN
	DELETE FROM `school_search_keys` WHERE (tier, key, name_key, school_id) IN (
		WITH RECURSIVE suffix(tier, rest) AS (
			SELECT 1, lower(trim(old.name))
			UNION ALL SELECT 3, lower(trim(coalesce(old.city, '')))
			UNION ALL SELECT 4, lower(trim(coalesce(old.district, '')))
			UNION ALL SELECT CASE tier WHEN 1 THEN 2 ELSE tier END, substr(rest, instr(rest, ' ') + 1) FROM suffix WHERE instr(rest, ' ') > 0
		)
		SELECT tier, rest, lower(trim(old.name)), old.id FROM suffix
	);
END;
--> statement-breakpoint
CREATE TRIGGER `school_search_keys_update` AFTER UPDATE OF name, city, district ON `schools` BEGIN
	DELETE FROM `school_search_keys` WHERE (tier, key, name_key, school_id) IN (
		WITH RECURSIVE suffix(tier, rest) AS (
			SELECT 1, lower(trim(old.name))
			UNION ALL SELECT 3, lower(trim(coalesce(old.city, '')))
			UNION ALL SELECT 4, lower(trim(coalesce(old.district, '')))
			UNION ALL SELECT CASE tier WHEN 1 THEN 2 ELSE tier END, substr(rest, instr(rest, ' ') + 1) FROM suffix WHERE instr(rest, ' ') > 0
		)
		SELECT tier, rest, lower(trim(old.name)), old.id FROM suffix
	);
	INSERT INTO `school_search_keys` (tier, key, name_key, school_id)
	WITH RECURSIVE suffix(tier, rest) AS (
		SELECT 1, lower(trim(new.name))
		UNION ALL SELECT 3, lower(trim(coalesce(new.city, '')))
		UNION ALL SELECT 4, lower(trim(coalesce(new.district, '')))
		UNION ALL SELECT CASE tier WHEN 1 THEN 2 ELSE tier END, substr(rest, instr(rest, ' ') + 1) FROM suffix WHERE instr(rest, ' ') > 0
	)
	SELECT tier, rest, lower(trim(new.name)), new.id FROM suffix WHERE rest <> '' AND rest NOT LIKE ' %';
END;
--> statement-breakpoint
INSERT INTO `school_search_keys` (tier, key, name_key, school_id)
WITH RECURSIVE suffix(school_id, name_key, tier, rest) AS (
	SELECT id, lower(trim(name)), 1, lower(trim(name)) FROM `schools`
	UNION ALL SELECT id, lower(trim(name)), 3, lower(trim(coalesce(city, ''))) FROM `schools`
	UNION ALL SELECT id, lower(trim(name)), 4, lower(trim(coalesce(district, ''))) FROM `schools`
	UNION ALL SELECT school_id, name_key, CASE tier WHEN 1 THEN 2 ELSE tier END, substr(rest, instr(rest, ' ') + 1) FROM suffix WHERE instr(rest, ' ') > 0
)
SELECT tier, rest, name_key, school_id FROM suffix WHERE rest <> '' AND rest NOT LIKE ' %';
