CREATE TABLE `users` (
	`address` text PRIMARY KEY NOT NULL,
	`username` text,
	`bio` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
