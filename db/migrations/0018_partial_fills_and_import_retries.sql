ALTER TABLE `collections` ADD `index_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `index_retry_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `quantity` text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `order_hash` text;