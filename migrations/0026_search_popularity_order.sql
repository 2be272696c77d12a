-- The search index in popularity order (issue 29, docs/decisions/025-search-at-scale.md, "Rowids in
-- popularity order"): products_fts's rowids are renumbered so the most bought products come first,
-- and a search scans a bounded number of matches in rowid order instead of scoring every match.
-- The cron renumbers nightly (app/server/search/search-upkeep.server.ts, renumberSearchIndex)
-- through this staging table, empty between runs; this migration does the first renumbering with
-- the same statements, keeping every index row.
CREATE TABLE `search_renumbering` (
	`rowid` integer PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`name` text,
	`subcats` text,
	`categories` text,
	`description` text,
	`sub_parts` text,
	`name_core` text
);
--> statement-breakpoint
INSERT INTO `search_renumbering` (product_id, name, subcats, categories, description, sub_parts, name_core)
SELECT f.product_id, f.name, f.subcats, f.categories, f.description, f.sub_parts, f.name_core
FROM `products_fts` f LEFT JOIN `product_popularity` pp ON pp.product_id = f.product_id
ORDER BY coalesce(pp.units, 0) DESC, f.rowid;
--> statement-breakpoint
DELETE FROM `products_fts`;
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, product_id, name, subcats, categories, description, sub_parts, name_core)
SELECT rowid, product_id, name, subcats, categories, description, sub_parts, name_core FROM `search_renumbering` ORDER BY rowid;
--> statement-breakpoint
DELETE FROM `products_fts_rows`;
--> statement-breakpoint
INSERT INTO `products_fts_rows` (product_id, fts_rowid) SELECT product_id, rowid FROM `search_renumbering`;
--> statement-breakpoint
DELETE FROM `search_renumbering`;
--> statement-breakpoint
INSERT INTO `products_fts` (products_fts) VALUES ('optimize');
