CREATE TABLE `cache_purges` (
	`tag` text PRIMARY KEY NOT NULL,
	`due_at` integer NOT NULL,
	`passes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cache_purges_due` ON `cache_purges` (`due_at`);