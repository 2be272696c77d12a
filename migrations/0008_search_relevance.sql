-- Search relevance (docs/decisions/014-search-relevance.md). The first statement is drizzle-kit's
-- (product_sales_daily); the rest is hand-written: drizzle-kit cannot express FTS5 or triggers.
CREATE TABLE `product_sales_daily` (
	`product_id` text NOT NULL,
	`day` integer NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `day`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Units ordered per product and day, for "popular first" among equally relevant results.
CREATE TRIGGER `product_sales_daily_on_order_item` AFTER INSERT ON `order_items` WHEN new.product_id IS NOT NULL BEGIN
	INSERT INTO `product_sales_daily` (product_id, day, units)
	VALUES (new.product_id, coalesce((SELECT o.created_at FROM orders o WHERE o.id = new.order_id), unixepoch() * 1000) / 86400000, new.quantity)
	ON CONFLICT (product_id, day) DO UPDATE SET units = units + excluded.units;
END;
--> statement-breakpoint
INSERT INTO `product_sales_daily` (product_id, day, units)
SELECT oi.product_id, o.created_at / 86400000, sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
WHERE oi.product_id IS NOT NULL AND EXISTS (SELECT 1 FROM products p WHERE p.id = oi.product_id)
GROUP BY oi.product_id, o.created_at / 86400000;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_category_link`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_category_unlink`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_category_rename`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
-- The word index. name, subcats and categories hold the text folded as app/lib/search/normalise.ts
-- foldText does (lower case, apostrophes dropped, punctuation as spaces) with a space at each end, so
-- ranking can tell a whole word (instr ' egg ') from a prefix (instr ' egg'). sub_parts lists the
-- parts of the product's sub-category names ('|butter|cheese|'): "the query names a sub-category";
-- name_core the name before any bracket (' lemon ' for "Lemon (Nimbu)"): its last word says what it is.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	product_id UNINDEXED, name, subcats, categories, description, sub_parts UNINDEXED, name_core UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
-- Which index row is which product: the triggers update one row through this primary key instead
-- of scanning the index for an unindexed product_id (quadratic when a large catalogue is loaded).
CREATE TABLE `products_fts_rows` (`product_id` text PRIMARY KEY NOT NULL, `fts_rowid` integer NOT NULL);
--> statement-breakpoint
-- Its word list (term, column, documents, occurrences): typo correction reads it.
CREATE VIRTUAL TABLE `products_vocab` USING fts5vocab(`products_fts`, 'col');
--> statement-breakpoint
INSERT INTO `products_fts` (product_id, name, subcats, categories, description, sub_parts, name_core)
SELECT p.id, ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(p.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ') || ' ', ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = p.id), '') || ' ', ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(c.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id), '') || ' ', p.description, '|' || coalesce((SELECT group_concat(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', '|'), ',', '|'), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '  ', ' '), '  ', ' '), ' |', '|'), '| ', '|')), '|') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = p.id), '') || '|', ' ' || trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(case when instr(p.name, '(') > 1 then substr(p.name, 1, instr(p.name, '(') - 1) else p.name end), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' ')) || ' '
FROM products p;
--> statement-breakpoint
INSERT INTO `products_fts_rows` (product_id, fts_rowid) SELECT product_id, rowid FROM `products_fts`;
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
CREATE TRIGGER `products_fts_category_link` AFTER INSERT ON `product_categories` BEGIN
	UPDATE `products_fts` SET categories = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(c.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = new.product_id), '') || ' ' WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = new.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_sub_category_link` AFTER INSERT ON `product_sub_categories` BEGIN
	UPDATE `products_fts` SET subcats = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = new.product_id), '') || ' ', sub_parts = '|' || coalesce((SELECT group_concat(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', '|'), ',', '|'), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '  ', ' '), '  ', ' '), ' |', '|'), '| ', '|')), '|') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = new.product_id), '') || '|'
	WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = new.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_category_unlink` AFTER DELETE ON `product_categories` BEGIN
	UPDATE `products_fts` SET categories = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(c.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = old.product_id), '') || ' ' WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = old.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_sub_category_unlink` AFTER DELETE ON `product_sub_categories` BEGIN
	UPDATE `products_fts` SET subcats = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = old.product_id), '') || ' ', sub_parts = '|' || coalesce((SELECT group_concat(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', '|'), ',', '|'), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '  ', ' '), '  ', ' '), ' |', '|'), '| ', '|')), '|') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = old.product_id), '') || '|'
	WHERE rowid = (SELECT fts_rowid FROM `products_fts_rows` WHERE product_id = old.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_category_rename` AFTER UPDATE OF name ON `categories` BEGIN
	UPDATE `products_fts` SET categories = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(c.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = products_fts.product_id), '') || ' '
	WHERE rowid IN (SELECT r.fts_rowid FROM `products_fts_rows` r JOIN product_categories pc ON pc.product_id = r.product_id WHERE pc.category_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_sub_category_rename` AFTER UPDATE OF name ON `sub_categories` BEGIN
	UPDATE `products_fts` SET subcats = ' ' || coalesce((SELECT group_concat(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', ' '), ',', ' '), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '|', ' '), ' ') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = products_fts.product_id), '') || ' ', sub_parts = '|' || coalesce((SELECT group_concat(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(s.name), '''', ''), '’', ''), '`', ''), '-', ' '), '(', ' '), ')', ' '), '&', '|'), ',', '|'), '.', ' '), '!', ' '), '%', ' '), '/', ' '), '+', ' '), ':', ' '), ';', ' '), '"', ' '), '?', ' '), '#', ' '), '*', ' '), '[', ' '), ']', ' '), '@', ' '), '_', ' '), '~', ' '), '=', ' '), '<', ' '), '>', ' '), '{', ' '), '}', ' '), '$', ' '), '^', ' '), '°', ' '), '×', ' '), '–', ' '), '—', ' '), '  ', ' '), '  ', ' '), ' |', '|'), '| ', '|')), '|') FROM product_sub_categories ps JOIN sub_categories s ON s.id = ps.sub_category_id WHERE ps.product_id = products_fts.product_id), '') || '|'
	WHERE rowid IN (SELECT r.fts_rowid FROM `products_fts_rows` r JOIN product_sub_categories ps ON ps.product_id = r.product_id WHERE ps.sub_category_id = new.id);
END;
--> statement-breakpoint
-- The shopper vocabulary (app/lib/search/synonyms.json) replaces the rows of 0002. Synonyms are
-- expanded when a query is read, so rows added later (the admin form) work at once.
DELETE FROM `search_synonyms` WHERE term IN ('dahi', 'panner', 'panir', 'doodh', 'dudh', 'anda', 'ande', 'egg', 'chawal', 'cheeni', 'chini', 'namak', 'makhan', 'aloo', 'pyaz', 'pyaaz', 'tamatar', 'kela', 'seb', 'chai', 'maida', 'biscuit', 'cookie', 'crisps', 'wafers', 'choco', 'yoghurt', 'yogurt', 'soda');
--> statement-breakpoint
INSERT INTO `search_synonyms` (`term`, `canonical`) VALUES
	('doodh', 'milk'),
	('dudh', 'milk'),
	('dahi', 'curd'),
	('yoghurt', 'yogurt'),
	('chaas', 'buttermilk'),
	('lassi', 'buttermilk'),
	('mattha', 'buttermilk'),
	('makhan', 'butter'),
	('makhkhan', 'butter'),
	('panner', 'paneer'),
	('panir', 'paneer'),
	('anda', 'eggs'),
	('ande', 'eggs'),
	('double roti', 'bread'),
	('dabal roti', 'bread'),
	('bun', 'buns'),
	('kela', 'banana'),
	('kele', 'banana'),
	('seb', 'apple'),
	('saib', 'apple'),
	('santra', 'orange'),
	('narangi', 'orange'),
	('aam', 'mango'),
	('angoor', 'grapes'),
	('angur', 'grapes'),
	('tarbooj', 'watermelon'),
	('tarbuz', 'watermelon'),
	('kharbuja', 'muskmelon'),
	('nariyal', 'coconut'),
	('nashpati', 'pear'),
	('ananas', 'pineapple'),
	('anannas', 'pineapple'),
	('strawberries', 'strawberry'),
	('cherry', 'cherries'),
	('aloo', 'potato'),
	('alu', 'potato'),
	('pyaz', 'onion'),
	('kanda', 'onion'),
	('tamatar', 'tomato'),
	('tamater', 'tomato'),
	('hari mirch', 'green chilli'),
	('mirchi', 'chilli'),
	('mirch', 'chilli'),
	('chili', 'chilli'),
	('chilly', 'chilli'),
	('gajar', 'carrot'),
	('shimla mirch', 'capsicum'),
	('bell peppers', 'bell pepper'),
	('baingan', 'brinjal'),
	('bengan', 'brinjal'),
	('eggplant', 'brinjal'),
	('aubergine', 'brinjal'),
	('bhutta', 'corn'),
	('makka', 'corn'),
	('makai', 'corn'),
	('mutter', 'matar'),
	('peas', 'green peas'),
	('kakdi', 'cucumber'),
	('dhania', 'coriander'),
	('cilantro', 'coriander'),
	('kari patta', 'curry leaves'),
	('kadi patta', 'curry leaves'),
	('curry patta', 'curry leaves'),
	('lehsun', 'garlic'),
	('lasun', 'garlic'),
	('nimboo', 'lemon'),
	('lime', 'lemon'),
	('sabzi', 'vegetables'),
	('sabji', 'vegetables'),
	('veggies', 'vegetables'),
	('phal', 'fruits'),
	('fal', 'fruits'),
	('aata', 'atta'),
	('gehun', 'wheat'),
	('gehu', 'wheat'),
	('maida', 'flour'),
	('suji', 'sooji'),
	('rava', 'sooji'),
	('semolina', 'sooji'),
	('gram flour', 'besan'),
	('chawal', 'rice'),
	('chaval', 'rice'),
	('chura', 'poha'),
	('chiwda', 'poha'),
	('daal', 'dal'),
	('dhal', 'dal'),
	('lentils', 'dal'),
	('arhar', 'toor'),
	('tuvar', 'toor'),
	('tur', 'toor'),
	('mung', 'moong'),
	('masur', 'masoor'),
	('chole', 'chana'),
	('chhole', 'chana'),
	('chickpeas', 'chana'),
	('kidney beans', 'rajma'),
	('cheeni', 'sugar'),
	('shakkar', 'sugar'),
	('namak', 'salt'),
	('sendha namak', 'rock salt'),
	('gud', 'jaggery'),
	('gur', 'jaggery'),
	('crisps', 'chips'),
	('wafers', 'chips'),
	('badam', 'almonds'),
	('kaju', 'cashews'),
	('akhrot', 'walnut'),
	('kishmish', 'raisins'),
	('pista', 'pistachios'),
	('mungfali', 'peanuts'),
	('moongphali', 'peanuts'),
	('singdana', 'peanuts'),
	('groundnut', 'peanuts'),
	('phool makhana', 'makhana'),
	('fox nuts', 'makhana'),
	('toffees', 'toffee'),
	('lollipop', 'lollipops'),
	('chewing gum', 'gum'),
	('mithai', 'sweets'),
	('meetha', 'sweets'),
	('donut', 'doughnut'),
	('cupcake', 'cup cakes'),
	('pastries', 'pastry'),
	('cold drink', 'soft drink'),
	('cold drinks', 'soft drink'),
	('thanda', 'soft drink'),
	('fizzy drink', 'soft drink'),
	('soda pop', 'soft drink'),
	('coke', 'coca cola'),
	('pepsi', 'cola'),
	('pani', 'water'),
	('mineral water', 'water'),
	('chai', 'tea'),
	('chaipatti', 'tea'),
	('chai patti', 'tea'),
	('kaapi', 'coffee'),
	('kofi', 'coffee'),
	('haldi', 'turmeric'),
	('jeera', 'cumin'),
	('zeera', 'cumin'),
	('dhaniya powder', 'coriander powder'),
	('lal mirch', 'red chilli'),
	('elaichi', 'cardamom'),
	('ilaichi', 'cardamom'),
	('kali mirch', 'black pepper'),
	('rai', 'mustard seeds'),
	('sarson', 'mustard'),
	('kesar', 'saffron'),
	('asafoetida', 'hing'),
	('tel', 'oil'),
	('tael', 'oil'),
	('sarson ka tel', 'mustard oil'),
	('nariyal tel', 'coconut oil'),
	('achar', 'pickle'),
	('achaar', 'pickle'),
	('chatni', 'chutney'),
	('shahad', 'honey'),
	('madhu', 'honey'),
	('mayo', 'mayonnaise'),
	('tomato sauce', 'ketchup'),
	('soya sauce', 'soy sauce'),
	('biskut', 'biscuits'),
	('cookie', 'cookies'),
	('toast', 'rusk'),
	('noodle', 'noodles'),
	('instant noodles', 'noodles'),
	('macaroni', 'pasta'),
	('cornflakes', 'corn flakes'),
	('porridge', 'oats'),
	('fries', 'french fries'),
	('washing powder', 'detergent'),
	('kapde ka powder', 'detergent'),
	('laundry', 'detergent'),
	('washing liquid', 'liquid detergent'),
	('surf', 'detergent'),
	('fabric softener', 'fabric conditioner'),
	('sabun', 'soap'),
	('bartan', 'dishwash'),
	('dish soap', 'dishwash'),
	('washing up liquid', 'dishwash'),
	('dishwasher', 'dishwash'),
	('jhadu', 'broom'),
	('jharu', 'broom'),
	('pocha', 'mop'),
	('phenyl', 'floor cleaner'),
	('toilet paper', 'toilet roll'),
	('loo roll', 'toilet roll'),
	('tissue paper', 'tissue'),
	('kitchen roll', 'kitchen towel'),
	('kachra bag', 'garbage bags'),
	('dustbin bags', 'garbage bags'),
	('bin bags', 'garbage bags'),
	('balti', 'bucket'),
	('cell', 'batteries'),
	('cells', 'batteries'),
	('mombatti', 'candles'),
	('manjan', 'toothpaste'),
	('tooth paste', 'toothpaste'),
	('tooth brush', 'toothbrush'),
	('mouth wash', 'mouthwash'),
	('facewash', 'face wash'),
	('bodywash', 'body wash'),
	('sunblock', 'sunscreen'),
	('moisturizer', 'moisturiser'),
	('moisturizing', 'moisturising'),
	('sanitiser', 'sanitizer'),
	('band aid', 'bandages'),
	('plaster', 'bandages'),
	('blade', 'razor'),
	('nappies', 'diapers'),
	('nappy', 'diapers'),
	('diaper', 'diapers'),
	('baby wipes', 'wipes'),
	('feeder', 'feeding bottle'),
	('sipper', 'cup'),
	('kutta', 'dog'),
	('kutte', 'dog'),
	('billi', 'cat'),
	('puppy food', 'puppy')
ON CONFLICT (`term`) DO UPDATE SET `canonical` = excluded.`canonical`;
