-- "Notify me" when a product is back at a store (issue 32, docs/decisions/032-notify-me.md).
-- Hand-written (like 0015 and 0019): a partial unique index, CHECKs and triggers.
--
-- 1. A shopper's request: one product at one store. `subscriber` is `u:<user id>` for a signed-in
--    shopper or `e:<email>` for a guest; it carries the limits (one open request per product and
--    store, at most 50 open: counted in the insert itself). `status`: open (waiting), sending
--    (claimed by the queue consumer for `restock_id`), sent, cancelled, expired (90 days).
CREATE TABLE `notify_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`product_id` text NOT NULL,
	`store_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`origin` text NOT NULL,
	`restock_id` integer,
	`claimed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notify_requests_status_check" CHECK("notify_requests"."status" in ('open', 'sending', 'sent', 'cancelled', 'expired')),
	CONSTRAINT "notify_requests_sizes_check" CHECK(length("notify_requests"."email") between 3 and 254 and length("notify_requests"."subscriber") <= 256 and length("notify_requests"."origin") <= 256)
);
--> statement-breakpoint
-- One waiting request per subscriber, product and store.
CREATE UNIQUE INDEX `notify_requests_open_unique` ON `notify_requests` (`subscriber`,`product_id`,`store_id`) WHERE "notify_requests"."status" in ('open', 'sending');
--> statement-breakpoint
-- A subscriber's list (account page, /api) and the count for the 50-request limit.
CREATE INDEX `notify_requests_subscriber_idx` ON `notify_requests` (`subscriber`,`status`,`created_at`);
--> statement-breakpoint
-- The fan-out of a restock, the trigger's check, and a deleted product's cascade.
CREATE INDEX `notify_requests_product_store_idx` ON `notify_requests` (`product_id`,`store_id`,`status`);
--> statement-breakpoint
-- A store's most wanted products (the admin view).
CREATE INDEX `notify_requests_store_open_idx` ON `notify_requests` (`store_id`,`product_id`) WHERE "notify_requests"."status" = 'open';
--> statement-breakpoint
-- The cron's expiry (90 days) and the reopening of claims whose Worker died mid-send.
CREATE INDEX `notify_requests_open_created_idx` ON `notify_requests` (`created_at`) WHERE "notify_requests"."status" = 'open';
--> statement-breakpoint
CREATE INDEX `notify_requests_sending_idx` ON `notify_requests` (`claimed_at`) WHERE "notify_requests"."status" = 'sending';
--> statement-breakpoint
-- 2. A guest's email: verified by the link in the first mail it gets. Until then only the request
--    named in `first_request_id` (claimed atomically by the first mail) may be mailed.
CREATE TABLE `notify_emails` (
	`email` text PRIMARY KEY NOT NULL,
	`first_request_id` text,
	`verified_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
-- 3. Restocks: a row for each 0 -> >0 transition of a product at a store that someone waits for,
--    written by the triggers below inside whichever statement changed the stock. `queued_at` is
--    set when the row is handed to the queue (the Worker drains pending rows after every write
--    request and in the cron). `subscriber` narrows the fan-out (a guest's email just verified).
CREATE TABLE `restock_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`stock` integer NOT NULL,
	`subscriber` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`queued_at` integer
);
--> statement-breakpoint
CREATE INDEX `restock_events_pending_idx` ON `restock_events` (`id`) WHERE "restock_events"."queued_at" IS NULL;
--> statement-breakpoint
-- Every writer of store_stock goes through one of these: the admin form and /api (compare-and-set
-- upsert, units received), the CSV import and stock-sync (the chunk upsert), a cancelled order and
-- an expired checkout (UPDATE stock + n), picking. An upsert's update path fires the UPDATE trigger.
CREATE TRIGGER `store_stock_restock_on_insert` AFTER INSERT ON `store_stock`
WHEN new.`stock` > 0 AND EXISTS (SELECT 1 FROM `notify_requests` WHERE `product_id` = new.`product_id` AND `store_id` = new.`store_id` AND `status` = 'open')
BEGIN
	INSERT INTO `restock_events` (`store_id`, `product_id`, `stock`) VALUES (new.`store_id`, new.`product_id`, new.`stock`);
END;
--> statement-breakpoint
CREATE TRIGGER `store_stock_restock_on_update` AFTER UPDATE OF `stock` ON `store_stock`
WHEN old.`stock` <= 0 AND new.`stock` > 0 AND EXISTS (SELECT 1 FROM `notify_requests` WHERE `product_id` = new.`product_id` AND `store_id` = new.`store_id` AND `status` = 'open')
BEGIN
	INSERT INTO `restock_events` (`store_id`, `product_id`, `stock`) VALUES (new.`store_id`, new.`product_id`, new.`stock`);
END;
