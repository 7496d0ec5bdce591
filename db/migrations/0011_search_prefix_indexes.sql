DROP INDEX `users_username_idx`;--> statement-breakpoint
CREATE INDEX `users_username_idx` ON `users` ("username" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `collections_name_idx` ON `collections` ("name" COLLATE NOCASE);