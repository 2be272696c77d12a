-- Stock in bulk (issue 29 part 4, decision 024): integration tokens per store, idempotent bulk
-- syncs recorded per chunk, and CSV import previews kept server-side. Depends on nothing of
-- store_stock but its columns (store_id, product_id, stock) and primary key.
CREATE TABLE `store_sync_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`label` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_sync_tokens_hash_unique` ON `store_sync_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `store_sync_tokens_store_idx` ON `store_sync_tokens` (`store_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `stock_syncs` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`body_hash` text NOT NULL,
	`mode` text NOT NULL CHECK (`mode` in ('set', 'delta')),
	`source` text NOT NULL CHECK (`source` in ('api', 'csv')),
	`rows` integer NOT NULL,
	`chunks` integer NOT NULL,
	`user_id` text,
	`token_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`token_id`) REFERENCES `store_sync_tokens`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_syncs_store_key_unique` ON `stock_syncs` (`store_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `stock_syncs_store_created_idx` ON `stock_syncs` (`store_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `stock_sync_chunks` (
	`sync_id` text NOT NULL,
	`chunk` integer NOT NULL,
	`applied` integer NOT NULL,
	`unchanged` integer NOT NULL,
	PRIMARY KEY(`sync_id`, `chunk`),
	FOREIGN KEY (`sync_id`) REFERENCES `stock_syncs`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `stock_sync_issues` (
	`sync_id` text NOT NULL,
	`row_index` integer NOT NULL,
	`product_id` text NOT NULL,
	`kind` text NOT NULL CHECK (`kind` in ('unknown', 'conflict', 'below-zero')),
	`stock` integer,
	PRIMARY KEY(`sync_id`, `row_index`),
	FOREIGN KEY (`sync_id`) REFERENCES `stock_syncs`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `stock_import_previews` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`created_by` text,
	`rows` integer NOT NULL,
	`valid` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_import_previews_created_idx` ON `stock_import_previews` (`created_at`);
--> statement-breakpoint
CREATE TABLE `stock_import_rows` (
	`import_id` text NOT NULL,
	`seq` integer NOT NULL,
	`line` integer NOT NULL,
	`product` text NOT NULL,
	`product_id` text,
	`name` text,
	`stock` integer,
	`now` integer,
	`error` text,
	`error_seq` integer,
	`valid_seq` integer,
	PRIMARY KEY(`import_id`, `seq`),
	FOREIGN KEY (`import_id`) REFERENCES `stock_import_previews`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_import_rows_errors_idx` ON `stock_import_rows` (`import_id`,`error_seq`) WHERE `error_seq` is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_import_rows_valid_idx` ON `stock_import_rows` (`import_id`,`valid_seq`) WHERE `valid_seq` is not null;
