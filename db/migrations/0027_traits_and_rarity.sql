CREATE TABLE `collection_traits` (
	`collection_id` integer NOT NULL,
	`trait_type` text NOT NULL,
	`value` text NOT NULL,
	`display_type` text,
	`token_count` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `trait_type`, `value`)
);
--> statement-breakpoint
DROP INDEX `nft_attributes_trait_idx`;--> statement-breakpoint
ALTER TABLE `nft_attributes` ADD `collection_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `nft_attributes` ADD `display_type` text;--> statement-breakpoint
ALTER TABLE `nft_attributes` ADD `number` real;--> statement-breakpoint
ALTER TABLE `nft_attributes` ADD `price_key` real DEFAULT 1e+30 NOT NULL;--> statement-breakpoint
-- Each trait row learns its token's collection and price key (before the indexes over them are built).
UPDATE `nft_attributes` SET (`collection_id`, `price_key`) = (SELECT `collection_id`, `price_asc_key` FROM `nfts` WHERE `nfts`.`id` = `nft_attributes`.`nft_id`);--> statement-breakpoint
CREATE INDEX `nft_attributes_value_idx` ON `nft_attributes` (`collection_id`,`trait_type`,`value`,`price_key`,`nft_id`);--> statement-breakpoint
CREATE INDEX `nft_attributes_number_idx` ON `nft_attributes` (`collection_id`,`trait_type`,`number`,`nft_id`) WHERE number IS NOT NULL;--> statement-breakpoint
-- Each collection's values and their counts.
INSERT INTO `collection_traits` (`collection_id`, `trait_type`, `value`, `display_type`, `token_count`)
SELECT `collection_id`, `trait_type`, `value`, max(`display_type`), count(*) FROM `nft_attributes` GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE `collections` ADD `rarity_ranked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `rarity_stale_at` integer;--> statement-breakpoint
CREATE INDEX `collections_rarity_stale_idx` ON `collections` (`chain_id`,`rarity_stale_at`) WHERE rarity_stale_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `rarity_rank` integer DEFAULT 2147483647 NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `rarity_score` real;--> statement-breakpoint
CREATE INDEX `nfts_collection_rarest_idx` ON `nfts` (`collection_id`,`rarity_rank`,`id`);--> statement-breakpoint
-- Every collection is ranked by the indexer's next rounds.
UPDATE `collections` SET `rarity_stale_at` = 0;
