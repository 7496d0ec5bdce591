-- users get an INTEGER PRIMARY KEY: the search index (0001) is keyed by the row's id, and
-- without one VACUUM may renumber a table's rowids. Each user keeps its rowid as its id, so the
-- index stays true; the address stays unique. Dropping the table drops its search triggers:
-- they are made again on the id, and the index is rebuilt from the rows (one that drifted
-- after an earlier VACUUM or restore is made true again).
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`username` text,
	`bio` text,
	`avatar_url` text,
	`banner_url` text,
	`links` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_users`(`id`, `address`, `username`, `bio`, `avatar_url`, `banner_url`, `links`, `created_at`, `updated_at`)
SELECT rowid, `address`, `username`, `bio`, `avatar_url`, `banner_url`, `links`, `created_at`, `updated_at` FROM `users`;
--> statement-breakpoint
DROP TABLE `users`;
--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_address_idx` ON `users` (`address`);
--> statement-breakpoint
CREATE INDEX `users_username_idx` ON `users` ("username" COLLATE NOCASE);
--> statement-breakpoint
CREATE TRIGGER search_users_insert AFTER INSERT ON users BEGIN
  INSERT INTO search_users(rowid, username) VALUES (new.id, coalesce(new.username, ''));
END;
--> statement-breakpoint
CREATE TRIGGER search_users_update AFTER UPDATE OF username ON users BEGIN
  UPDATE search_users SET username = coalesce(new.username, '') WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM search_users WHERE rowid = old.id;
END;
--> statement-breakpoint
DELETE FROM search_users;
--> statement-breakpoint
INSERT INTO search_users(rowid, username) SELECT id, coalesce(username, '') FROM users;
