-- Full-text search (SQLite FTS5, trigram tokenizer: substring and typo-tolerant matching),
-- one index per kind, kept in sync by triggers. rowid = the row's id (users: their rowid).
CREATE VIRTUAL TABLE search_nfts USING fts5(name, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE search_collections USING fts5(name, description, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE search_users USING fts5(username, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER search_nfts_insert AFTER INSERT ON nfts BEGIN
  INSERT INTO search_nfts(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER search_nfts_update AFTER UPDATE OF name ON nfts BEGIN
  UPDATE search_nfts SET name = new.name WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_nfts_delete AFTER DELETE ON nfts BEGIN
  DELETE FROM search_nfts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_collections_insert AFTER INSERT ON collections BEGIN
  INSERT INTO search_collections(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER search_collections_update AFTER UPDATE OF name, description ON collections BEGIN
  UPDATE search_collections SET name = new.name, description = new.description WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_collections_delete AFTER DELETE ON collections BEGIN
  DELETE FROM search_collections WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_users_insert AFTER INSERT ON users BEGIN
  INSERT INTO search_users(rowid, username) VALUES (new.rowid, coalesce(new.username, ''));
END;
--> statement-breakpoint
CREATE TRIGGER search_users_update AFTER UPDATE OF username ON users BEGIN
  UPDATE search_users SET username = coalesce(new.username, '') WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER search_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM search_users WHERE rowid = old.rowid;
END;
