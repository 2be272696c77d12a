-- Store operations (issue 30, docs/decisions/027-store-operations.md): staff of a dark store, the
-- shelf location of each product per store, picking with short picks (replacement, refund per line,
-- stock adjustment), and the handover with a rider and a 4-digit delivery code.
-- Hand-written (like 0015); the new order status `ready` needs no SQL (orders.status has no CHECK).
--
-- 1. Staff: a USER with a row here is that store's staff (users.role stays USER/ADMIN). One store each.
CREATE TABLE `store_staff` (
	`user_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`added_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `store_staff_store_idx` ON `store_staff` (`store_id`,`created_at`);
--> statement-breakpoint
-- 2. Shelf location of a product at a store (the pick list's order). Like store_stock since 0015:
--    WITHOUT ROWID, no foreign key to products; two triggers keep the link.
CREATE TABLE `product_bins` (
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`bin` text NOT NULL,
	PRIMARY KEY(`store_id`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "product_bins_bin_check" CHECK(length("product_bins"."bin") between 1 and 32)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `product_bins_product_exists` BEFORE INSERT ON `product_bins`
WHEN NOT EXISTS (SELECT 1 FROM `products` WHERE `id` = new.`product_id`)
BEGIN
	SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: product_bins.product_id');
END;
--> statement-breakpoint
CREATE TRIGGER `product_bins_product_deleted` AFTER DELETE ON `products`
BEGIN
	DELETE FROM `product_bins` WHERE `store_id` IN (SELECT `id` FROM `stores`) AND `product_id` = old.`id`;
END;
--> statement-breakpoint
-- 3. Orders: the shopper's replacement preference (whole order), the delivery code and its tries,
--    the rider (a staff member, or a name and phone typed by staff).
ALTER TABLE `orders` ADD `replacement_preference` text DEFAULT 'refund' NOT NULL CONSTRAINT "orders_replacement_preference_check" CHECK("replacement_preference" in ('refund', 'call', 'similar'));
--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_code` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_code_tries` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD `rider_user_id` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `orders` ADD `rider_name` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `rider_phone` text;
--> statement-breakpoint
CREATE INDEX `orders_rider_idx` ON `orders` (`rider_user_id`) WHERE "orders"."rider_user_id" IS NOT NULL;
--> statement-breakpoint
-- The store's queue: its open orders, oldest first.
CREATE INDEX `orders_store_open_idx` ON `orders` (`store_id`,`created_at`) WHERE "orders"."status" in ('placed', 'paid', 'packed', 'ready', 'out_for_delivery');
--> statement-breakpoint
-- 4. Order lines: what was picked (NULL until picked; 0..quantity), what replaced the missing units
--    (a similar product, its units and its final unit price), and the money returned for the line.
ALTER TABLE `order_items` ADD `picked` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_product_id` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_name` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_quantity` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_unit_price` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- 5. Stock corrections with their reason (e.g. -2 "short pick").
CREATE TABLE `stock_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` text,
	`order_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_adjustments_store_created_idx` ON `stock_adjustments` (`store_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `stock_adjustments_order_idx` ON `stock_adjustments` (`order_id`) WHERE "stock_adjustments"."order_id" IS NOT NULL;
--> statement-breakpoint
-- 6. Partial refunds of a paid online order, one per order line at most (the primary key): the row
--    is written in the pick's batch, Stripe is called with the row's idempotency key, and the
--    outcome is recorded on the row ('pending' until Stripe answers, then 'refunded' or 'failed').
CREATE TABLE `order_line_refunds` (
	`order_item_id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_line_refunds_amount_check" CHECK("order_line_refunds"."amount" > 0),
	CONSTRAINT "order_line_refunds_status_check" CHECK("order_line_refunds"."status" in ('pending', 'refunded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `order_line_refunds_order_idx` ON `order_line_refunds` (`order_id`);
