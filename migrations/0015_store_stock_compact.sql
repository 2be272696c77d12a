-- Stock at a chain's scale (issue 29, docs/decisions/023-stock-operations.md).
--
-- 1. Stock changes no longer touch the product row: the trigger that bumped products.version on
--    every sale, hold, release and return goes. products.version now counts saves of the
--    product's own fields; stock has its own exact operations (a delta for sales and returns, a
--    compare-and-set or a delta for admins and imports).
DROP TRIGGER IF EXISTS `store_stock_version_on_update`;
--> statement-breakpoint
-- 2. A compact store_stock: WITHOUT ROWID (the primary key is the table, not a second b-tree beside
--    it) and no index by product (a product's rows are reached through the stores, one key lookup
--    per store). The foreign key to products goes with that index (its ON DELETE CASCADE would scan
--    the whole table for each deleted product); two triggers keep the link instead. Every row is
--    copied. On D1 foreign keys are always enforced; store_stock is only ever a child, so dropping
--    it runs no ON DELETE action.
CREATE TABLE `__new_store_stock` (
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`stock` integer NOT NULL,
	PRIMARY KEY(`store_id`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "store_stock_stock_check" CHECK("__new_store_stock"."stock" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_store_stock` (`store_id`, `product_id`, `stock`) SELECT `store_id`, `product_id`, `stock` FROM `store_stock`;
--> statement-breakpoint
DROP TABLE `store_stock`;
--> statement-breakpoint
ALTER TABLE `__new_store_stock` RENAME TO `store_stock`;
--> statement-breakpoint
-- A stock row names a product that exists (what the foreign key checked), in the foreign key's words.
CREATE TRIGGER `store_stock_product_exists` BEFORE INSERT ON `store_stock`
WHEN NOT EXISTS (SELECT 1 FROM `products` WHERE `id` = new.`product_id`)
BEGIN
	SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: store_stock.product_id');
END;
--> statement-breakpoint
-- A deleted product's stock goes with it (what ON DELETE CASCADE did), through the key by store.
CREATE TRIGGER `store_stock_product_deleted` AFTER DELETE ON `products`
BEGIN
	DELETE FROM `store_stock` WHERE `store_id` IN (SELECT `id` FROM `stores`) AND `product_id` = old.`id`;
END;
