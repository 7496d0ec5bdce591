CREATE TABLE `criteria_offers` (
	`id` integer PRIMARY KEY NOT NULL,
	`collection_id` integer NOT NULL,
	`trait_type` text,
	`trait_value` text,
	`criteria_root` text NOT NULL,
	`token_ids` text,
	`maker` text NOT NULL,
	`price_wei` text NOT NULL,
	`price_sort` real NOT NULL,
	`currency` text DEFAULT 'WETH' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`closed_block` integer,
	`quantity` text DEFAULT '1' NOT NULL,
	`filled_quantity` text DEFAULT '0' NOT NULL,
	`order_hash` text,
	`order_json` text,
	`signature` text,
	`counter` text,
	`checked_block` integer,
	`unfillable` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `criteria_offers_collection_idx` ON `criteria_offers` (`collection_id`,`status`,`price_sort`);--> statement-breakpoint
CREATE INDEX `criteria_offers_maker_idx` ON `criteria_offers` (`maker`,`status`);--> statement-breakpoint
CREATE INDEX `criteria_offers_open_idx` ON `criteria_offers` (`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `criteria_offers_checked_idx` ON `criteria_offers` (`checked_block`) WHERE status in ('active', 'inactive');--> statement-breakpoint
CREATE UNIQUE INDEX `criteria_offers_order_hash_idx` ON `criteria_offers` (`order_hash`);