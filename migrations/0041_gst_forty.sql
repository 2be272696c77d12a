-- GST 2.0's 40 % slab (Notification 9/2025-Central Tax (Rate), schedule III: aerated and caffeinated
-- drinks; docs/decisions/045-one-layout-shaped-pdf.md). The CHECK on products.gst_rate is a column
-- constraint (added by ALTER TABLE in 0024), so it leaves with its column: a new column with the
-- wider CHECK takes the values, the old one is dropped and the new one takes its name. No table
-- rebuild, so no DROP TABLE running the ON DELETE actions of the tables that refer to products, and
-- the triggers and indexes on products stay as they are (none of them names gst_rate). The UPDATE
-- below sets only the new column, which no trigger on products listens to.
ALTER TABLE `products` ADD `gst_rate_0041` integer DEFAULT 5 NOT NULL CONSTRAINT "products_gst_rate_check" CHECK("gst_rate_0041" IN (0, 5, 12, 18, 28, 40));
--> statement-breakpoint
UPDATE `products` SET `gst_rate_0041` = `gst_rate`;
--> statement-breakpoint
ALTER TABLE `products` DROP COLUMN `gst_rate`;
--> statement-breakpoint
ALTER TABLE `products` RENAME COLUMN `gst_rate_0041` TO `gst_rate`;
