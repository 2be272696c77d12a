ALTER TABLE `refresh_tokens` ADD `family_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);