CREATE TABLE `stock_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`rows` integer NOT NULL,
	`applied_by` text,
	`nonce` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`applied_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_imports_store_created_idx` ON `stock_imports` (`store_id`,`created_at`);