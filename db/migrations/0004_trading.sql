CREATE TABLE `chain_cursors` (
	`chain_id` integer PRIMARY KEY NOT NULL,
	`block` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `activity` ADD `log_index` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_log_idx` ON `activity` (`tx_hash`,`log_index`,`type`);--> statement-breakpoint
ALTER TABLE `listings` ADD `order_hash` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `order_json` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `signature` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `counter` text;--> statement-breakpoint
CREATE UNIQUE INDEX `listings_order_hash_idx` ON `listings` (`order_hash`);--> statement-breakpoint
ALTER TABLE `offers` ADD `order_hash` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `order_json` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `signature` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `counter` text;--> statement-breakpoint
CREATE UNIQUE INDEX `offers_order_hash_idx` ON `offers` (`order_hash`);--> statement-breakpoint
ALTER TABLE `sales` ADD `log_index` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_log_idx` ON `sales` (`tx_hash`,`log_index`);