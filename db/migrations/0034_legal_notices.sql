CREATE TABLE `legal_notices` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_key` text NOT NULL,
	`reason` text NOT NULL,
	`infringed` text NOT NULL,
	`statement` text DEFAULT '' NOT NULL,
	`good_faith` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'unconfirmed' NOT NULL,
	`token_hash` text NOT NULL,
	`token_expires_at` integer NOT NULL,
	`report_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`confirmed_at` integer,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_notices_token_idx` ON `legal_notices` (`token_hash`);