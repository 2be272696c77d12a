-- Coupons and a tip for the rider (issue 31 parts 1-4, docs/decisions/030-coupons-and-tips.md).
-- Hand-written (like 0019). Money is integer paise; times are epoch milliseconds.
--
-- 1. Coupons, run by admins. `code` is stored upper-case (codes are case-insensitive) and unique.
--    percent: `value` is a whole percent 1..100; flat: `value` is paise > 0. `max_discount` caps a
--    percent coupon (NULL: no cap). `total_uses` / `per_shopper` NULL: unlimited. `categories` and
--    `stores` are JSON arrays of ids: empty means every category / every store.
--    Uses are NOT counted here: a use is an order (not cancelled) that carries the coupon, counted by
--    the statement that inserts the order (decision 030), so cancelling an order gives its use back.
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`min_order` integer DEFAULT 0 NOT NULL,
	`max_discount` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`total_uses` integer,
	`per_shopper` integer,
	`first_order_only` integer DEFAULT false NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`stores` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK("coupons"."code" = upper("coupons"."code") and length("coupons"."code") between 3 and 20),
	CONSTRAINT "coupons_value_check" CHECK(("coupons"."type" = 'percent' and "coupons"."value" between 1 and 100) or ("coupons"."type" = 'flat' and "coupons"."value" > 0)),
	CONSTRAINT "coupons_amounts_check" CHECK("coupons"."min_order" >= 0 and ("coupons"."max_discount" is null or "coupons"."max_discount" > 0)),
	CONSTRAINT "coupons_window_check" CHECK("coupons"."starts_at" < "coupons"."ends_at"),
	CONSTRAINT "coupons_uses_check" CHECK(("coupons"."total_uses" is null or "coupons"."total_uses" >= 1) and ("coupons"."per_shopper" is null or "coupons"."per_shopper" >= 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);
--> statement-breakpoint
-- 2. Orders: what the coupon took off (paise, >= 0), the coupon's code and id as placed, and the tip
--    (paise, 0..20000). `total` stays what the shopper pays: sub_total - discount + tip.
--    Editing or deleting a coupon never changes a placed order: the order keeps its code and discount.
ALTER TABLE `orders` ADD `discount` integer DEFAULT 0 NOT NULL CONSTRAINT "orders_discount_check" CHECK("discount" >= 0);
--> statement-breakpoint
ALTER TABLE `orders` ADD `tip` integer DEFAULT 0 NOT NULL CONSTRAINT "orders_tip_check" CHECK("tip" between 0 and 20000);
--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_id` text REFERENCES `coupons`(`id`) ON DELETE set null;
--> statement-breakpoint
-- A coupon's uses, total and per shopper: its orders that are not cancelled.
CREATE INDEX `orders_coupon_idx` ON `orders` (`coupon_id`,`user_id`) WHERE "orders"."coupon_id" IS NOT NULL;
