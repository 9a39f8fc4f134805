-- Community search (decision 047): an external-content FTS5 index over name and description
-- with the trigram tokenizer (substring matches: "bake" finds "Bakers"), kept in step by triggers.
CREATE VIRTUAL TABLE `communities_fts` USING fts5(name, description, content='communities', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `communities_fts_insert` AFTER INSERT ON `communities` BEGIN
  INSERT INTO communities_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_delete` AFTER DELETE ON `communities` BEGIN
  INSERT INTO communities_fts(communities_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_update` AFTER UPDATE OF name, description ON `communities` BEGIN
  INSERT INTO communities_fts(communities_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
  INSERT INTO communities_fts(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
INSERT INTO communities_fts(communities_fts) VALUES ('rebuild');
