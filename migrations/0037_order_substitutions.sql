-- Substitutions the shopper approves (docs/decisions/043-substitutions-the-shopper-approves.md).
-- Hand-written: CHECKs, a partial index and a trigger.
--
-- One row per short order line at most (the unique index): the picker's proposal of a similar
-- product (kind 'proposal', answered by the shopper before `deadline`), or the outcome of a call
-- (kind 'call': 'accepted' with the product agreed, or 'declined' when the line was removed).
-- The replacement's units are taken from the store's stock when the row is written, so an answer
-- never fails on stock and the pick never does either; 'declined' and 'expired' give them back in
-- the same batch as the status change. The pick turns 'accepted' into 'applied' (the line's
-- replaced_by_* columns then hold the units, which a later cancel returns as before).
CREATE TABLE `order_substitutions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`order_item_id` text NOT NULL,
	`store_id` text NOT NULL,
	`kind` text NOT NULL,
	`product_id` text,
	`name` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`unit_price` integer DEFAULT 0 NOT NULL,
	`picked` integer NOT NULL,
	`status` text NOT NULL,
	`deadline` integer NOT NULL,
	`proposed_by` text,
	`answered_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_substitutions_kind_check" CHECK("order_substitutions"."kind" in ('proposal', 'call')),
	CONSTRAINT "order_substitutions_status_check" CHECK("order_substitutions"."status" in ('pending', 'accepted', 'declined', 'expired', 'applied', 'void')),
	CONSTRAINT "order_substitutions_product_check" CHECK(("order_substitutions"."product_id" IS NULL AND "order_substitutions"."quantity" = 0) OR ("order_substitutions"."product_id" IS NOT NULL AND "order_substitutions"."quantity" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_substitutions_line_unique` ON `order_substitutions` (`order_item_id`);
--> statement-breakpoint
CREATE INDEX `order_substitutions_order_idx` ON `order_substitutions` (`order_id`);
--> statement-breakpoint
-- The expiry sweep (cron) reads only what is still waiting.
CREATE INDEX `order_substitutions_pending_idx` ON `order_substitutions` (`deadline`) WHERE `status` = 'pending';
--> statement-breakpoint
-- How long a shopper has to answer a proposal, per store (the store form).
ALTER TABLE `stores` ADD `substitution_minutes` integer DEFAULT 2 NOT NULL CHECK (`substitution_minutes` BETWEEN 1 AND 10);
--> statement-breakpoint
-- Whichever path cancels an order (a shopper, an admin, a pick that found nothing), the units still
-- held for a proposal or an agreed replacement that no pick applied go back to the shelf.
CREATE TRIGGER `order_substitutions_released` AFTER UPDATE OF `status` ON `orders`
WHEN new.`status` = 'cancelled' AND old.`status` <> 'cancelled'
BEGIN
	UPDATE `store_stock` SET `stock` = `stock` + (
		SELECT sum(s.`quantity`) FROM `order_substitutions` s
		WHERE s.`order_id` = new.`id` AND s.`status` IN ('pending', 'accepted')
			AND s.`store_id` = `store_stock`.`store_id` AND s.`product_id` = `store_stock`.`product_id`
	)
	WHERE EXISTS (
		SELECT 1 FROM `order_substitutions` s
		WHERE s.`order_id` = new.`id` AND s.`status` IN ('pending', 'accepted')
			AND s.`store_id` = `store_stock`.`store_id` AND s.`product_id` = `store_stock`.`product_id`
	);
	UPDATE `order_substitutions` SET `status` = 'void' WHERE `order_id` = new.`id` AND `status` IN ('pending', 'accepted');
END;
