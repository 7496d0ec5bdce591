ALTER TABLE `chain_cursors` ADD `range` integer;--> statement-breakpoint
ALTER TABLE `chain_cursors` ADD `safe_head` integer;