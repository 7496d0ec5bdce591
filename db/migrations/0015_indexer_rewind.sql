CREATE TABLE `indexed_blocks` (
	`chain_id` integer NOT NULL,
	`block` integer NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`chain_id`, `block`)
);
--> statement-breakpoint
ALTER TABLE `activity` ADD `block` integer;--> statement-breakpoint
ALTER TABLE `chain_cursors` ADD `rewind_from` integer;--> statement-breakpoint
ALTER TABLE `chain_cursors` ADD `rewind_to` integer;--> statement-breakpoint
ALTER TABLE `chain_cursors` ADD `rewind_head` integer;--> statement-breakpoint
ALTER TABLE `chain_cursors` ADD `rewound_at` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `closed_block` integer;--> statement-breakpoint
ALTER TABLE `offers` ADD `closed_block` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `block` integer;