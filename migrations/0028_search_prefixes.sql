-- Prefix indexes for 4, 5 and 6 letters as well as 2 and 3 (issue 29, docs/decisions/025-search-at-scale.md,
-- "Prefix indexes to 6 letters"). A search reads every word as a prefix ("milk"*); without an index
-- for that length FTS5 merges the doclists of every word starting with it, per statement: the
-- count, the candidates and bm25's document frequencies. At 20,000 products the count of "milk"*
-- took 0.36 ms without and 0.18 ms for "mil"*, which has its index; the index grows by ~4 MB.
-- FTS5 cannot change a table's prefixes: the index is rebuilt with the same rows under the same
-- rowids (products_fts_rows and the triggers of migrations 0008 and 0012 keep working), through the
-- staging table of migration 0026.
INSERT INTO `search_renumbering` (rowid, product_id, name, subcats, categories, description, sub_parts, name_core)
SELECT rowid, product_id, name, subcats, categories, description, sub_parts, name_core FROM `products_fts`;
--> statement-breakpoint
DROP TABLE `products_vocab`;
--> statement-breakpoint
DROP TABLE `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	product_id UNINDEXED, name, subcats, categories, description, sub_parts UNINDEXED, name_core UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6'
);
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, product_id, name, subcats, categories, description, sub_parts, name_core)
SELECT rowid, product_id, name, subcats, categories, description, sub_parts, name_core FROM `search_renumbering` ORDER BY rowid;
--> statement-breakpoint
DELETE FROM `search_renumbering`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_vocab` USING fts5vocab(`products_fts`, 'col');
--> statement-breakpoint
INSERT INTO `products_fts` (products_fts) VALUES ('optimize');
