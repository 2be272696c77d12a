CREATE TABLE `store_notify_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`pincode` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "store_notify_requests_sizes_check" CHECK(length("store_notify_requests"."email") between 3 and 254 and length("store_notify_requests"."pincode") = 6)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_notify_requests_email_pincode_unique` ON `store_notify_requests` (`email`,`pincode`);--> statement-breakpoint
CREATE INDEX `store_notify_requests_created_idx` ON `store_notify_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `store_pincode_ranges` (
	`store_id` text NOT NULL,
	`from_pincode` integer NOT NULL,
	`to_pincode` integer NOT NULL,
	PRIMARY KEY(`store_id`, `from_pincode`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "store_pincode_ranges_check" CHECK("store_pincode_ranges"."from_pincode" between 110000 and 999999 and "store_pincode_ranges"."to_pincode" between "store_pincode_ranges"."from_pincode" and 999999)
);
--> statement-breakpoint
CREATE INDEX `store_pincode_ranges_lookup_idx` ON `store_pincode_ranges` (`from_pincode`,`to_pincode`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`opens_at` integer DEFAULT 360 NOT NULL,
	`closes_at` integer DEFAULT 1440 NOT NULL,
	`base_delivery_minutes` integer DEFAULT 10 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "stores_hours_check" CHECK("stores"."opens_at" >= 0 and "stores"."opens_at" < "stores"."closes_at" and "stores"."closes_at" <= 1440),
	CONSTRAINT "stores_minutes_check" CHECK("stores"."base_delivery_minutes" between 1 and 240),
	CONSTRAINT "stores_default_active_check" CHECK("stores"."is_default" = 0 or "stores"."active" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_name_unique` ON `stores` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `stores_one_default_unique` ON `stores` (`is_default`) WHERE "stores"."is_default" = 1;--> statement-breakpoint
ALTER TABLE `users` ADD `delivery_pincode` text;