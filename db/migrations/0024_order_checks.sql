ALTER TABLE `listings` ADD `checked_block` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `unfillable` text;--> statement-breakpoint
CREATE INDEX `listings_checked_idx` ON `listings` (`checked_block`) WHERE status in ('active', 'inactive');--> statement-breakpoint
ALTER TABLE `offers` ADD `checked_block` integer;--> statement-breakpoint
ALTER TABLE `offers` ADD `unfillable` text;--> statement-breakpoint
CREATE INDEX `offers_checked_idx` ON `offers` (`checked_block`) WHERE status in ('active', 'inactive');