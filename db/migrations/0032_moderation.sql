CREATE TABLE `moderators` (
	`address` text PRIMARY KEY NOT NULL,
	`granted_by` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_targets` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`open_reports` integer DEFAULT 0 NOT NULL,
	`first_open_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_targets_key_idx` ON `report_targets` (`kind`,`key`);--> statement-breakpoint
CREATE INDEX `report_targets_queue_idx` ON `report_targets` (open_reports DESC,`first_open_at`,`id`) WHERE open_reports > 0;--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`target_id` integer NOT NULL,
	`reporter` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `report_targets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_idx` ON `reports` (`reporter`,`target_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter`,`id`);--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_id`,`id`);