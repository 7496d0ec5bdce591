CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `users_username_idx`;--> statement-breakpoint
ALTER TABLE `users` ADD `session_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Handles become unique (case-insensitively). Where wallets already share one, the wallet that
-- took it first keeps it and each later one gets its row id appended, so nothing is lost.
UPDATE `users` SET `username` = `username` || '-' || `id`
WHERE `username` IS NOT NULL AND EXISTS (
  SELECT 1 FROM `users` AS `first` WHERE `first`.`username` = `users`.`username` COLLATE NOCASE AND `first`.`id` < `users`.`id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_idx` ON `users` ("username" COLLATE NOCASE);