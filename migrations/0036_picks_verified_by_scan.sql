-- Picks verified by scan (docs/decisions/042-picks-verified-by-scan.md). Hand-written (like 0034).
--
-- 1. Every product has a barcode: EAN-13 (a UPC-A code is kept with its leading 0), unique. The
--    products there are numbered by the store: `200` (GS1's restricted-circulation range, never on a
--    manufacturer's pack) + the row number on 9 digits + the check digit; so is a product inserted
--    without one later (a script, a test, an admin leaving the field empty), by the trigger below.
ALTER TABLE `products` ADD `barcode` text CONSTRAINT "products_barcode_check" CHECK("barcode" IS NULL OR (length("barcode") = 13 AND "barcode" NOT GLOB '*[^0-9]*'));
--> statement-breakpoint
UPDATE `products` SET `barcode` = ('200' || printf('%09d', rowid)) || ((10 - (substr(('200' || printf('%09d', rowid)), 1, 1) * 1 + substr(('200' || printf('%09d', rowid)), 2, 1) * 3 + substr(('200' || printf('%09d', rowid)), 3, 1) * 1 + substr(('200' || printf('%09d', rowid)), 4, 1) * 3 + substr(('200' || printf('%09d', rowid)), 5, 1) * 1 + substr(('200' || printf('%09d', rowid)), 6, 1) * 3 + substr(('200' || printf('%09d', rowid)), 7, 1) * 1 + substr(('200' || printf('%09d', rowid)), 8, 1) * 3 + substr(('200' || printf('%09d', rowid)), 9, 1) * 1 + substr(('200' || printf('%09d', rowid)), 10, 1) * 3 + substr(('200' || printf('%09d', rowid)), 11, 1) * 1 + substr(('200' || printf('%09d', rowid)), 12, 1) * 3) % 10) % 10);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_barcode_unique` ON `products` (`barcode`);
--> statement-breakpoint
CREATE TRIGGER `products_barcode_assign` AFTER INSERT ON `products` WHEN NEW.`barcode` IS NULL
BEGIN
	UPDATE `products` SET `barcode` = ('200' || printf('%09d', NEW.rowid)) || ((10 - (substr(('200' || printf('%09d', NEW.rowid)), 1, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 2, 1) * 3 + substr(('200' || printf('%09d', NEW.rowid)), 3, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 4, 1) * 3 + substr(('200' || printf('%09d', NEW.rowid)), 5, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 6, 1) * 3 + substr(('200' || printf('%09d', NEW.rowid)), 7, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 8, 1) * 3 + substr(('200' || printf('%09d', NEW.rowid)), 9, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 10, 1) * 3 + substr(('200' || printf('%09d', NEW.rowid)), 11, 1) * 1 + substr(('200' || printf('%09d', NEW.rowid)), 12, 1) * 3) % 10) % 10) WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
-- 2. What a picker confirmed of each line before finishing the pick: units, how (scan, typed, manual),
--    who and when. The pick never marks more units picked than are confirmed here.
CREATE TABLE `pick_confirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`order_item_id` text NOT NULL REFERENCES `order_items`(`id`) ON DELETE cascade,
	`product_id` text,
	`store_id` text,
	`units` integer NOT NULL,
	`method` text NOT NULL,
	`code` text,
	`user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "pick_confirmations_units_check" CHECK("units" >= 1),
	CONSTRAINT "pick_confirmations_method_check" CHECK("method" IN ('scan', 'typed', 'manual'))
);
--> statement-breakpoint
CREATE INDEX `pick_confirmations_item_idx` ON `pick_confirmations` (`order_item_id`);
--> statement-breakpoint
CREATE INDEX `pick_confirmations_store_idx` ON `pick_confirmations` (`store_id`, `created_at`);
