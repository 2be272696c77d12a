ALTER TABLE `mail_outbox` ADD `status` text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `family_id` text;--> statement-breakpoint
CREATE INDEX `sessions_family_idx` ON `sessions` (`family_id`);