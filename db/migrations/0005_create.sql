CREATE TABLE `token_metadata` (
	`sha256` text PRIMARY KEY NOT NULL,
	`json` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `nfts` ADD `external_url` text;