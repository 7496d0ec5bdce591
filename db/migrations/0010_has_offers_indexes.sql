CREATE INDEX `nfts_has_offers_price_asc_idx` ON `nfts` (`price_asc_key`,`id`) WHERE offer_count > 0;--> statement-breakpoint
CREATE INDEX `nfts_has_offers_price_desc_idx` ON `nfts` (`price_desc_key`,`id`) WHERE offer_count > 0;--> statement-breakpoint
CREATE INDEX `nfts_has_offers_recent_idx` ON `nfts` (`add_date`,`id`) WHERE offer_count > 0;--> statement-breakpoint
CREATE INDEX `nfts_has_offers_auction_idx` ON `nfts` (`auction_ends_at`,`id`) WHERE offer_count > 0;