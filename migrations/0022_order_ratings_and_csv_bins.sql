-- Two parts of issue 30: ratings after delivery, and the stock CSV's shelf-location column.
--
-- Ratings after delivery (issue 30 item 7, docs/decisions/027-store-operations.md "Ratings"): the
-- shopper rates a delivered order 1–5 with an optional comment. One row per order (the key); the
-- shopper may change it, which rewrites the row (updated_at moves, created_at stays).
-- Hand-written (like 0019). The write is one `insert … select … on conflict do update` guarded by the
-- order's owner and its status 'delivered' (app/server/orders/ratings.server.ts).
CREATE TABLE `order_ratings` (
	`order_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_ratings_rating_check" CHECK("order_ratings"."rating" between 1 and 5),
	CONSTRAINT "order_ratings_comment_check" CHECK("order_ratings"."comment" is null or length("order_ratings"."comment") between 1 and 500)
);
--> statement-breakpoint
-- The stock CSV's optional third column, the shelf location (issue 30 item 3): kept with each preview
-- row until the confirm applies it to product_bins; the preview counts the rows that set one.
ALTER TABLE `stock_import_rows` ADD `bin` text;
--> statement-breakpoint
ALTER TABLE `stock_import_previews` ADD `bins` integer DEFAULT 0 NOT NULL;
