DROP INDEX `activity_log_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_log_idx` ON `activity` (`tx_hash`,`log_index`,`type`,`nft_id`);