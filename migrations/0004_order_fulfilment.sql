ALTER TABLE `orders` ADD `attention_note` text;--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);