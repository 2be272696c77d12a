-- Optimistic concurrency for admin product edits (docs/decisions/010-admin-stock-edits.md).
-- `version` is bumped by every admin edit (the edit's own statement) and, through the trigger below,
-- by every other change of `stock` (orders, checkout holds and their release, cancellations), so an
-- edit form opened before a sale can no longer write back the stock it read.
ALTER TABLE `products` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `products_version_on_stock` AFTER UPDATE OF stock ON `products`
WHEN new.version = old.version AND new.stock <> old.stock
BEGIN
	UPDATE `products` SET version = old.version + 1 WHERE id = new.id;
END;
