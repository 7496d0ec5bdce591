CREATE INDEX `nfts_nsfw_price_asc_idx` ON `nfts` (`price_asc_key`,`id`) WHERE nsfw = 1;--> statement-breakpoint
CREATE INDEX `nfts_nsfw_price_desc_idx` ON `nfts` (`price_desc_key`,`id`) WHERE nsfw = 1;--> statement-breakpoint
CREATE INDEX `nfts_nsfw_recent_idx` ON `nfts` (`add_date`,`id`) WHERE nsfw = 1;--> statement-breakpoint
CREATE INDEX `nfts_nsfw_auction_idx` ON `nfts` (`auction_ends_at`,`id`) WHERE nsfw = 1;--> statement-breakpoint
CREATE INDEX `nfts_lazy_minted_price_asc_idx` ON `nfts` (`price_asc_key`,`id`) WHERE lazy_minted = 1;--> statement-breakpoint
CREATE INDEX `nfts_lazy_minted_price_desc_idx` ON `nfts` (`price_desc_key`,`id`) WHERE lazy_minted = 1;--> statement-breakpoint
CREATE INDEX `nfts_lazy_minted_recent_idx` ON `nfts` (`add_date`,`id`) WHERE lazy_minted = 1;--> statement-breakpoint
CREATE INDEX `nfts_lazy_minted_auction_idx` ON `nfts` (`auction_ends_at`,`id`) WHERE lazy_minted = 1;