-- The word list "did you mean" reads (issue 29, docs/decisions/025-search-at-scale.md, "A stored
-- word list"): every name, sub-category and category word of the index with how many products use
-- it, summed over those columns, as products_vocab (fts5vocab) gives it. Reading products_vocab
-- counts every doclist of the words in range (2.2 ms for the words in "c" at 20,000 products); this
-- table is read by primary key. The cron rewrites what changed (search-upkeep.server.ts,
-- refreshSearchVocabulary) when the catalogue's words have changed since, which the triggers below
-- record; until then a search reads products_vocab as before, so a new word is corrected at once.
CREATE TABLE `search_vocabulary` (
	`term` text PRIMARY KEY NOT NULL,
	`doc` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- One row: 1 while the catalogue's words may differ from search_vocabulary's.
CREATE TABLE `search_vocabulary_state` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`dirty` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_vocabulary` (`term`, `doc`)
SELECT term, sum(doc) FROM `products_vocab` WHERE col IN ('name', 'subcats', 'categories') GROUP BY term;
--> statement-breakpoint
INSERT INTO `search_vocabulary_state` (`id`, `dirty`) VALUES (1, 0);
--> statement-breakpoint
-- What changes the index's name, sub-category and category words (the products_fts triggers of
-- migration 0008 follow the same writes). Only a clean state is written: one row write at most.
CREATE TRIGGER `search_vocabulary_product_insert` AFTER INSERT ON `products` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_product_rename` AFTER UPDATE OF name ON `products` WHEN new.name IS NOT old.name BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_product_delete` AFTER DELETE ON `products` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_category_link` AFTER INSERT ON `product_categories` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_category_unlink` AFTER DELETE ON `product_categories` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_sub_category_link` AFTER INSERT ON `product_sub_categories` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_sub_category_unlink` AFTER DELETE ON `product_sub_categories` BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_category_rename` AFTER UPDATE OF name ON `categories` WHEN new.name IS NOT old.name BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocabulary_sub_category_rename` AFTER UPDATE OF name ON `sub_categories` WHEN new.name IS NOT old.name BEGIN
	UPDATE `search_vocabulary_state` SET `dirty` = 1 WHERE `dirty` = 0;
END;
