CREATE INDEX `nfts_on_auction_price_asc_idx` ON `nfts` (`price_asc_key`,`id`) WHERE auction_ends_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `nfts_on_auction_price_desc_idx` ON `nfts` (`price_desc_key`,`id`) WHERE auction_ends_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `nfts_on_auction_recent_idx` ON `nfts` (`add_date`,`id`) WHERE auction_ends_at IS NOT NULL;