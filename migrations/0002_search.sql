-- Full-text search over products (FTS5; D1 supports it). Hand-written: drizzle-kit cannot express it.
-- Columns: product_id (not indexed), name, description, the product's category names, and
-- "synonyms": search words that mean a word in the name (dahi → curd), so one MATCH finds them.

CREATE TABLE `search_synonyms` (
	`term` text PRIMARY KEY NOT NULL,
	`canonical` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_synonyms` (`term`, `canonical`) VALUES
	('dahi', 'curd'), ('panner', 'paneer'), ('panir', 'paneer'), ('doodh', 'milk'), ('dudh', 'milk'),
	('anda', 'eggs'), ('ande', 'eggs'), ('egg', 'eggs'), ('chawal', 'rice'), ('cheeni', 'sugar'), ('chini', 'sugar'),
	('namak', 'salt'), ('makhan', 'butter'), ('aloo', 'potato'), ('pyaz', 'onion'),
	('pyaaz', 'onion'), ('tamatar', 'tomato'), ('kela', 'banana'), ('seb', 'apple'), ('chai', 'tea'),
	('maida', 'flour'), ('biscuit', 'biscuits'), ('cookie', 'cookies'), ('crisps', 'chips'),
	('wafers', 'chips'), ('choco', 'chocolate'), ('yoghurt', 'curd'), ('yogurt', 'curd'), ('soda', 'drink');
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	product_id UNINDEXED, name, description, categories, synonyms,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `products_fts` (product_id, name, description, categories, synonyms)
SELECT p.id, p.name, p.description,
	coalesce((SELECT group_concat(c.name, ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id), ''),
	coalesce((SELECT group_concat(s.term, ' ') FROM search_synonyms s WHERE (' ' || lower(p.name) || ' ') LIKE ('% ' || s.canonical || ' %')), '')
FROM products p;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts` (product_id, name, description, categories, synonyms) VALUES (
		new.id, new.name, new.description, '',
		coalesce((SELECT group_concat(s.term, ' ') FROM search_synonyms s WHERE (' ' || lower(new.name) || ' ') LIKE ('% ' || s.canonical || ' %')), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF name, description ON `products` BEGIN
	UPDATE `products_fts` SET name = new.name, description = new.description,
		synonyms = coalesce((SELECT group_concat(s.term, ' ') FROM search_synonyms s WHERE (' ' || lower(new.name) || ' ') LIKE ('% ' || s.canonical || ' %')), '')
	WHERE product_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
	DELETE FROM `products_fts` WHERE product_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_category_link` AFTER INSERT ON `product_categories` BEGIN
	UPDATE `products_fts` SET categories = coalesce((SELECT group_concat(c.name, ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = new.product_id), '')
	WHERE product_id = new.product_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_category_unlink` AFTER DELETE ON `product_categories` BEGIN
	UPDATE `products_fts` SET categories = coalesce((SELECT group_concat(c.name, ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = old.product_id), '')
	WHERE product_id = old.product_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_category_rename` AFTER UPDATE OF name ON `categories` BEGIN
	UPDATE `products_fts` SET categories = coalesce((SELECT group_concat(c.name, ' ') FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = products_fts.product_id), '')
	WHERE product_id IN (SELECT product_id FROM product_categories WHERE category_id = new.id);
END;
