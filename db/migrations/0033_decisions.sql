CREATE TABLE `appeals` (
	`id` integer PRIMARY KEY NOT NULL,
	`decision_id` integer NOT NULL,
	`appellant` text NOT NULL,
	`statement` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`decided_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_open_idx` ON `appeals` (`decision_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `appeals_queue_idx` ON `appeals` (`created_at`,`id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `appeals_appellant_idx` ON `appeals` (`appellant`,`id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor` text NOT NULL,
	`event` text NOT NULL,
	`subject` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE TABLE `blocked_contracts` (
	`chain_id` integer NOT NULL,
	`contract` text NOT NULL,
	`decision_id` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `contract`)
);
--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_key` text NOT NULL,
	`category` text NOT NULL,
	`reason` text NOT NULL,
	`decided_by` text NOT NULL,
	`source` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reversed_at` integer,
	`reversed_by` text,
	`reversal_reason` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_in_force_idx` ON `decisions` (`target_kind`,`target_key`,`action`) WHERE reversed_at IS NULL AND action != 'dismiss';--> statement-breakpoint
CREATE INDEX `decisions_target_idx` ON `decisions` (`target_kind`,`target_key`,`id`);--> statement-breakpoint
CREATE INDEX `decisions_action_idx` ON `decisions` (`action`,`id`);--> statement-breakpoint
ALTER TABLE `collections` ADD `hidden_by` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `spam_by` integer;--> statement-breakpoint
ALTER TABLE `collections` ADD `featured_at` integer;--> statement-breakpoint
CREATE INDEX `collections_featured_idx` ON `collections` (`featured_at`) WHERE featured_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `hidden_by` integer;--> statement-breakpoint
ALTER TABLE `nfts` ADD `flagged_by` integer;--> statement-breakpoint
ALTER TABLE `nfts` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `hidden_by` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `decision_id` integer;--> statement-breakpoint
CREATE TRIGGER `audit_log_append_only_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: an entry is never changed'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_append_only_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: an entry is never deleted'); END;
