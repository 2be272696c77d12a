-- Dark stores, second half (docs/decisions/020-dark-stores.md): stock per store replaces
-- products.stock, and orders record their store. Hand-edited from drizzle-kit's output: SQLite
-- cannot drop a column named in a CHECK, so products is rebuilt, and on D1 (foreign keys always
-- enforced, no PRAGMA foreign_keys in a migration) dropping a table runs its ON DELETE actions.
-- So every row that refers to a product is copied aside, removed, and put back after the rebuild;
-- the search index (products_fts, products_fts_rows) is keyed by product id and stays as it is.
--
-- 1. A default store to hold today's stock, if the database has data and no default store
--    (production had no stores before this change). Deterministic id, no pincodes.
INSERT INTO `stores` (`id`, `name`, `address`, `city`, `base_delivery_minutes`, `active`, `is_default`)
SELECT '000000000000000000000001', 'Main store', '', '', 10, 1, 1
WHERE NOT EXISTS (SELECT 1 FROM `stores` WHERE `is_default` = 1)
  AND (EXISTS (SELECT 1 FROM `products`) OR EXISTS (SELECT 1 FROM `orders`));
--> statement-breakpoint
-- 2. Everything that refers to a product, copied aside.
CREATE TABLE `__keep_product_stock` AS SELECT `id`, `stock` FROM `products`;
--> statement-breakpoint
CREATE TABLE `__keep_product_images` AS SELECT * FROM `product_images`;
--> statement-breakpoint
CREATE TABLE `__keep_product_categories` AS SELECT * FROM `product_categories`;
--> statement-breakpoint
CREATE TABLE `__keep_product_sub_categories` AS SELECT * FROM `product_sub_categories`;
--> statement-breakpoint
CREATE TABLE `__keep_product_sales_daily` AS SELECT * FROM `product_sales_daily`;
--> statement-breakpoint
CREATE TABLE `__keep_cart_items` AS SELECT * FROM `cart_items`;
--> statement-breakpoint
CREATE TABLE `__keep_order_item_products` AS SELECT `id`, `product_id` FROM `order_items` WHERE `product_id` IS NOT NULL;
--> statement-breakpoint
DELETE FROM `product_images`;
--> statement-breakpoint
DELETE FROM `product_categories`;
--> statement-breakpoint
DELETE FROM `product_sub_categories`;
--> statement-breakpoint
DELETE FROM `product_sales_daily`;
--> statement-breakpoint
DELETE FROM `cart_items`;
--> statement-breakpoint
UPDATE `order_items` SET `product_id` = NULL WHERE `product_id` IS NOT NULL;
--> statement-breakpoint
-- 3. products without stock (its triggers go with the old table and are made again below).
CREATE TABLE `__new_products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`unit` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`more_details` text DEFAULT '{}' NOT NULL,
	`publish` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "products_price_check" CHECK("__new_products"."price" >= 0),
	CONSTRAINT "products_discount_check" CHECK("__new_products"."discount" >= 0 and "__new_products"."discount" <= 100)
);
--> statement-breakpoint
INSERT INTO `__new_products` (`id`, `name`, `description`, `unit`, `price`, `discount`, `more_details`, `publish`, `version`, `created_at`, `updated_at`) SELECT `id`, `name`, `description`, `unit`, `price`, `discount`, `more_details`, `publish`, `version`, `created_at`, `updated_at` FROM `products`;
--> statement-breakpoint
DROP TABLE `products`;
--> statement-breakpoint
ALTER TABLE `__new_products` RENAME TO `products`;
--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`);
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts` (product_id, name, subcats, categories, description, sub_parts, name_core)
	VALUES (new.id, ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ') || ' ', ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = new.id), '') || ' ', ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(c.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = new.id), '') || ' ', new.description, '|' || coalesce((SELECT group_concat(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', '|'), ',', '|'), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '  ', ' '), '  ', ' '), ' |', '|'), '| ', '|')), '|') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = new.id), '') || '|', ' ' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(case when instr(new.name, '(') > 1 then substr(new.name, 1, instr(new.name, '(') - 1) else new.name end), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ')) || ' ');
	INSERT INTO `products_fts_rows` (product_id, fts_rowid) VALUES (new.id, last_insert_rowid());
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF name, description ON `products` BEGIN
	UPDATE `products_fts` SET name = ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ') || ' ', name_core = ' ' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(case when instr(new.name, '(') > 1 then substr(new.name, 1, instr(new.name, '(') - 1) else new.name end), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ')) || ' ', description = new.description
	WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
	DELETE FROM `products_fts` WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = old.id);
	DELETE FROM `products_fts_rows` WHERE product_id = old.id;
END;
--> statement-breakpoint
-- 4. The rows that refer to products, back (the category links' triggers refresh the index text).
INSERT INTO `product_images` SELECT * FROM `__keep_product_images`;
--> statement-breakpoint
INSERT INTO `product_categories` SELECT * FROM `__keep_product_categories`;
--> statement-breakpoint
INSERT INTO `product_sub_categories` SELECT * FROM `__keep_product_sub_categories`;
--> statement-breakpoint
INSERT INTO `product_sales_daily` SELECT * FROM `__keep_product_sales_daily`;
--> statement-breakpoint
INSERT INTO `cart_items` SELECT * FROM `__keep_cart_items`;
--> statement-breakpoint
UPDATE `order_items` SET `product_id` = (SELECT k.`product_id` FROM `__keep_order_item_products` k WHERE k.`id` = `order_items`.`id`) WHERE `id` IN (SELECT `id` FROM `__keep_order_item_products`);
--> statement-breakpoint
-- 5. Stock per store: today's stock moves to the default store.
CREATE TABLE `store_stock` (
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`stock` integer NOT NULL,
	PRIMARY KEY(`store_id`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "store_stock_stock_check" CHECK("store_stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE INDEX `store_stock_product_idx` ON `store_stock` (`product_id`);
--> statement-breakpoint
INSERT INTO `store_stock` (`store_id`, `product_id`, `stock`)
SELECT (SELECT `id` FROM `stores` WHERE `is_default` = 1), k.`id`, k.`stock` FROM `__keep_product_stock` k WHERE EXISTS (SELECT 1 FROM `stores` WHERE `is_default` = 1);
--> statement-breakpoint
-- Any stock change at any store bumps the product's version (decision 010; it replaces
-- products_version_on_stock). An admin's save writes stock rows by delete + insert and bumps the
-- version itself, once.
CREATE TRIGGER `store_stock_version_on_update` AFTER UPDATE OF stock ON `store_stock`
WHEN new.stock <> old.stock
BEGIN
	UPDATE `products` SET version = version + 1 WHERE id = new.product_id;
END;
--> statement-breakpoint
DROP TABLE `__keep_product_stock`;
--> statement-breakpoint
DROP TABLE `__keep_product_images`;
--> statement-breakpoint
DROP TABLE `__keep_product_categories`;
--> statement-breakpoint
DROP TABLE `__keep_product_sub_categories`;
--> statement-breakpoint
DROP TABLE `__keep_product_sales_daily`;
--> statement-breakpoint
DROP TABLE `__keep_cart_items`;
--> statement-breakpoint
DROP TABLE `__keep_order_item_products`;
--> statement-breakpoint
-- 6. Orders record their store; older orders were all served by the default store.
ALTER TABLE `orders` ADD `store_id` text REFERENCES stores(id) ON DELETE restrict;
--> statement-breakpoint
UPDATE `orders` SET `store_id` = (SELECT `id` FROM `stores` WHERE `is_default` = 1);
--> statement-breakpoint
CREATE INDEX `orders_store_created_idx` ON `orders` (`store_id`,`created_at`);
--> statement-breakpoint
-- The column is nullable only because SQLite cannot add a NOT NULL foreign key in place.
CREATE TRIGGER `orders_store_required` BEFORE INSERT ON `orders` WHEN new.store_id IS NULL
BEGIN
	SELECT RAISE(ABORT, 'orders.store_id is required');
END;
