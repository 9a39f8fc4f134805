-- /schools/browse's first page lists the states with their school counts (decision 085): kept here
-- by triggers on `schools`, so the page reads one row a state instead of counting every school.
CREATE TABLE `school_state_counts` (
	`state` text PRIMARY KEY NOT NULL,
	`schools` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `school_state_counts_insert` AFTER INSERT ON `schools` WHEN new.state IS NOT NULL BEGIN
	INSERT INTO `school_state_counts` (state, schools) VALUES (new.state, 1)
		ON CONFLICT (state) DO UPDATE SET schools = schools + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `school_state_counts_delete` AFTER DELETE ON `schools` WHEN old.state IS NOT NULL BEGIN
	UPDATE `school_state_counts` SET schools = schools - 1 WHERE state = old.state;
	DELETE FROM `school_state_counts` WHERE state = old.state AND schools <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `school_state_counts_update` AFTER UPDATE OF state ON `schools` WHEN old.state IS NOT new.state BEGIN
	UPDATE `school_state_counts` SET schools = schools - 1 WHERE state = old.state;
	DELETE FROM `school_state_counts` WHERE state = old.state AND schools <= 0;
	INSERT INTO `school_state_counts` (state, schools) SELECT new.state, 1 WHERE new.state IS NOT NULL
		ON CONFLICT (state) DO UPDATE SET schools = schools + 1;
END;
--> statement-breakpoint
INSERT INTO `school_state_counts` (state, schools)
	SELECT state, count(*) FROM `schools` WHERE state IS NOT NULL GROUP BY state;
