-- Home's rows: a category's newest products straight from an index (issue 15). The link table
-- carries its product's created_at, so `product_categories_newest_idx` lists each category's
-- products newest first and home reads 6 per category instead of ranking the whole catalogue.
ALTER TABLE `product_categories` ADD `product_created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `product_categories` SET `product_created_at` = (SELECT `created_at` FROM `products` WHERE `products`.`id` = `product_categories`.`product_id`);--> statement-breakpoint
CREATE INDEX `product_categories_newest_idx` ON `product_categories` (`category_id`,"product_created_at" desc,`product_id`);--> statement-breakpoint
-- Kept by the database, whoever writes a link (admin saves, the seed, CSV tools, tests): a new link
-- takes its product's time, and a product whose time changes passes it to its links.
CREATE TRIGGER `product_categories_created_at_insert` AFTER INSERT ON `product_categories` BEGIN
  UPDATE `product_categories` SET `product_created_at` = (SELECT `created_at` FROM `products` WHERE `id` = new.`product_id`)
  WHERE `product_id` = new.`product_id` AND `category_id` = new.`category_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_categories_created_at_update` AFTER UPDATE OF `created_at` ON `products` BEGIN
  UPDATE `product_categories` SET `product_created_at` = new.`created_at` WHERE `product_id` = new.`id`;
END;
