CREATE TABLE `token_balances` (
	`nft_id` integer NOT NULL,
	`owner` text NOT NULL,
	`quantity` text NOT NULL,
	PRIMARY KEY(`nft_id`, `owner`),
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `token_balances_owner_idx` ON `token_balances` (`owner`,`nft_id`);--> statement-breakpoint
ALTER TABLE `collections` ADD `standard` text DEFAULT 'erc721' NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `source` text DEFAULT 'vitrine' NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `symbol` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `contract_owner` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `contract_uri` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `royalty_source` text DEFAULT 'vitrine' NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `lookalike_of` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `deploy_block` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `index_status` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `indexed_block` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `head_block` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `index_range` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `index_error` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `imported_by` text;--> statement-breakpoint
CREATE INDEX `collections_index_status_idx` ON `collections` (`index_status`);--> statement-breakpoint
ALTER TABLE `listings` ADD `quantity` text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `filled_quantity` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `quantity` text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `filled_quantity` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `token_uri` text;--> statement-breakpoint
ALTER TABLE `nfts` ADD `metadata_status` text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `metadata_error` text;--> statement-breakpoint
ALTER TABLE `nfts` ADD `metadata_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `metadata_next_attempt_at` integer;--> statement-breakpoint
CREATE INDEX `nfts_metadata_queue_idx` ON `nfts` (`metadata_next_attempt_at`) WHERE metadata_status = 'pending';