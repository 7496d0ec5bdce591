CREATE INDEX `listings_open_idx` ON `listings` (`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `offers_open_idx` ON `offers` (`status`,`ends_at`);