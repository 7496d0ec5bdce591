ALTER TABLE `notification_settings` ADD `email_bounced_at` integer;--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `email_bounce` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notification_settings_email_token_idx` ON `notification_settings` (`email_token_hash`) WHERE email_token_hash IS NOT NULL;