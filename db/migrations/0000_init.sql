CREATE TABLE `collections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`chain_id` integer NOT NULL,
	`contract` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`logo_url` text NOT NULL,
	`banner_url` text NOT NULL,
	`category` text NOT NULL,
	`creator` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`creator_fee_bps` integer DEFAULT 500 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`floor_wei` text,
	`volume_24h_wei` text DEFAULT '0' NOT NULL,
	`volume_prev_24h_wei` text DEFAULT '0' NOT NULL,
	`volume_7d_wei` text DEFAULT '0' NOT NULL,
	`volume_30d_wei` text DEFAULT '0' NOT NULL,
	`volume_all_wei` text DEFAULT '0' NOT NULL,
	`volume_24h_sort` real DEFAULT 0 NOT NULL,
	`volume_7d_sort` real DEFAULT 0 NOT NULL,
	`volume_30d_sort` real DEFAULT 0 NOT NULL,
	`volume_all_sort` real DEFAULT 0 NOT NULL,
	`change_24h` real,
	`trending_sort` real DEFAULT 0 NOT NULL,
	`owner_count` integer DEFAULT 0 NOT NULL,
	`item_count` integer DEFAULT 0 NOT NULL,
	`listed_count` integer DEFAULT 0 NOT NULL,
	`sales_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_idx` ON `collections` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `collections_contract_idx` ON `collections` (`chain_id`,`contract`);--> statement-breakpoint
CREATE INDEX `collections_creator_idx` ON `collections` (`creator`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_trending_idx` ON `collections` (`trending_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_recent_idx` ON `collections` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_volume_24h_idx` ON `collections` (`volume_24h_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_volume_7d_idx` ON `collections` (`volume_7d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_volume_30d_idx` ON `collections` (`volume_30d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_all_volume_all_idx` ON `collections` (`volume_all_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_trending_idx` ON `collections` (`category`,`trending_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_recent_idx` ON `collections` (`category`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_volume_24h_idx` ON `collections` (`category`,`volume_24h_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_volume_7d_idx` ON `collections` (`category`,`volume_7d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_volume_30d_idx` ON `collections` (`category`,`volume_30d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_category_volume_all_idx` ON `collections` (`category`,`volume_all_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_trending_idx` ON `collections` (`chain_id`,`trending_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_recent_idx` ON `collections` (`chain_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_volume_24h_idx` ON `collections` (`chain_id`,`volume_24h_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_volume_7d_idx` ON `collections` (`chain_id`,`volume_7d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_volume_30d_idx` ON `collections` (`chain_id`,`volume_30d_sort`,`id`);--> statement-breakpoint
CREATE INDEX `collections_chain_volume_all_idx` ON `collections` (`chain_id`,`volume_all_sort`,`id`);--> statement-breakpoint
CREATE TABLE `activity` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`nft_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`from_address` text,
	`to_address` text,
	`price_wei` text,
	`currency` text,
	`tx_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `activity_time_idx` ON `activity` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_type_idx` ON `activity` (`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_collection_idx` ON `activity` (`collection_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_nft_idx` ON `activity` (`nft_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_from_idx` ON `activity` (`from_address`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_to_idx` ON `activity` (`to_address`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY NOT NULL,
	`nft_id` integer NOT NULL,
	`maker` text NOT NULL,
	`kind` text NOT NULL,
	`price_wei` text NOT NULL,
	`currency` text DEFAULT 'ETH' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listings_nft_idx` ON `listings` (`nft_id`,`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `listings_maker_idx` ON `listings` (`maker`,`status`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY NOT NULL,
	`nft_id` integer NOT NULL,
	`maker` text NOT NULL,
	`price_wei` text NOT NULL,
	`price_sort` real NOT NULL,
	`currency` text DEFAULT 'WETH' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offers_nft_idx` ON `offers` (`nft_id`,`status`,`price_sort`);--> statement-breakpoint
CREATE INDEX `offers_maker_idx` ON `offers` (`maker`,`status`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` integer PRIMARY KEY NOT NULL,
	`nft_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`price_wei` text NOT NULL,
	`price_sort` real NOT NULL,
	`currency` text DEFAULT 'ETH' NOT NULL,
	`tx_hash` text,
	`sold_at` integer NOT NULL,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sales_time_idx` ON `sales` (`sold_at`,`collection_id`,`price_sort`);--> statement-breakpoint
CREATE INDEX `sales_collection_idx` ON `sales` (`collection_id`,`sold_at`,`price_sort`);--> statement-breakpoint
CREATE INDEX `sales_nft_idx` ON `sales` (`nft_id`,`sold_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_address` text NOT NULL,
	`nft_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_address`, `nft_id`),
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_user_idx` ON `favorites` (`user_address`,`created_at`,`nft_id`);--> statement-breakpoint
CREATE INDEX `favorites_nft_idx` ON `favorites` (`nft_id`);--> statement-breakpoint
CREATE TABLE `nft_attributes` (
	`nft_id` integer NOT NULL,
	`trait_type` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`nft_id`, `trait_type`),
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `nft_attributes_trait_idx` ON `nft_attributes` (`trait_type`,`value`);--> statement-breakpoint
CREATE TABLE `nfts` (
	`id` integer PRIMARY KEY NOT NULL,
	`collection_id` integer NOT NULL,
	`chain_id` integer NOT NULL,
	`contract` text NOT NULL,
	`token_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text NOT NULL,
	`animation_url` text,
	`owner` text NOT NULL,
	`creator` text NOT NULL,
	`category` text NOT NULL,
	`price_wei` text,
	`currency` text,
	`price_asc_key` real DEFAULT 1e+30 NOT NULL,
	`price_desc_key` real DEFAULT 1e+30 NOT NULL,
	`add_date` integer NOT NULL,
	`auction_ends_at` integer,
	`verified` integer DEFAULT false NOT NULL,
	`nsfw` integer DEFAULT false NOT NULL,
	`lazy_minted` integer DEFAULT false NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`offer_count` integer DEFAULT 0 NOT NULL,
	`best_offer_wei` text,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nfts_token_idx` ON `nfts` (`chain_id`,`contract`,`token_id`);--> statement-breakpoint
CREATE INDEX `nfts_price_asc_idx` ON `nfts` (`price_asc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_price_desc_idx` ON `nfts` (`price_desc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_recent_idx` ON `nfts` (`add_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_auction_idx` ON `nfts` (`auction_ends_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_collection_price_asc_idx` ON `nfts` (`collection_id`,`price_asc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_collection_price_desc_idx` ON `nfts` (`collection_id`,`price_desc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_collection_recent_idx` ON `nfts` (`collection_id`,`add_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_collection_auction_idx` ON `nfts` (`collection_id`,`auction_ends_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_category_price_asc_idx` ON `nfts` (`category`,`price_asc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_category_price_desc_idx` ON `nfts` (`category`,`price_desc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_category_recent_idx` ON `nfts` (`category`,`add_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_category_auction_idx` ON `nfts` (`category`,`auction_ends_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_chain_price_asc_idx` ON `nfts` (`chain_id`,`price_asc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_chain_price_desc_idx` ON `nfts` (`chain_id`,`price_desc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_chain_recent_idx` ON `nfts` (`chain_id`,`add_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_chain_auction_idx` ON `nfts` (`chain_id`,`auction_ends_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_owner_price_asc_idx` ON `nfts` (`owner`,`price_asc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_owner_price_desc_idx` ON `nfts` (`owner`,`price_desc_key`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_owner_recent_idx` ON `nfts` (`owner`,`add_date`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_owner_auction_idx` ON `nfts` (`owner`,`auction_ends_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_creator_recent_idx` ON `nfts` (`creator`,`add_date`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`address` text PRIMARY KEY NOT NULL,
	`username` text,
	`bio` text,
	`avatar_url` text,
	`banner_url` text,
	`links` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_username_idx` ON `users` (`username`);