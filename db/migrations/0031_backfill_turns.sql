ALTER TABLE `collections` ADD `index_debt_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `index_turn_at` integer;