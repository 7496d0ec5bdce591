CREATE TABLE `notification_deliveries` (
	`id` integer PRIMARY KEY NOT NULL,
	`notification_id` integer NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`target` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_error` text,
	`last_duration_ms` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_deliveries_once_idx` ON `notification_deliveries` (`notification_id`,`channel`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_due_idx` ON `notification_deliveries` (`next_attempt_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `notification_deliveries_log_idx` ON `notification_deliveries` (`recipient`,`channel`,`id`);--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`address` text PRIMARY KEY NOT NULL,
	`preferences` text DEFAULT '{}' NOT NULL,
	`email` text,
	`email_confirmed_at` integer,
	`email_token_hash` text,
	`email_token_expires_at` integer,
	`webhook_url` text,
	`webhook_secret` text,
	`webhook_created_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`recipient` text NOT NULL,
	`kind` text NOT NULL,
	`event_key` text NOT NULL,
	`nft_id` integer,
	`collection_id` integer,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	`dispatched_at` integer,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_idx` ON `notifications` (`recipient`,`event_key`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`recipient`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`recipient`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_undispatched_idx` ON `notifications` (`id`) WHERE dispatched_at IS NULL;