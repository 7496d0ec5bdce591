CREATE TABLE `shared_list_entries` (
	`subscription_id` integer NOT NULL,
	`kind` text NOT NULL,
	`chain_id` integer NOT NULL,
	`contract` text NOT NULL,
	`token_id` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`outcome` text,
	`report_id` integer,
	`decision_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`subscription_id`, `kind`, `chain_id`, `contract`, `token_id`),
	FOREIGN KEY (`subscription_id`) REFERENCES `shared_list_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_list_entries_pending_idx` ON `shared_list_entries` (`subscription_id`,`kind`) WHERE outcome IS NULL;--> statement-breakpoint
CREATE TABLE `shared_list_publications` (
	`sequence` integer PRIMARY KEY NOT NULL,
	`issuer` text NOT NULL,
	`document` text NOT NULL,
	`issued_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shared_list_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`signer` text NOT NULL,
	`trusted` integer DEFAULT false NOT NULL,
	`subscribed_by` text NOT NULL,
	`sequence` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`fetched_at` integer NOT NULL,
	`last_error` text,
	`next_fetch_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_list_subscriptions_url_unique` ON `shared_list_subscriptions` (`url`);--> statement-breakpoint
CREATE INDEX `shared_list_subscriptions_due_idx` ON `shared_list_subscriptions` (`next_fetch_at`);