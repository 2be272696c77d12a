-- A coupon's uses become a counter on its row (docs/decisions/030-coupons-and-tips.md). The order's
-- batch takes a use with one conditional update of the coupon, which is the guard; carts and
-- checkouts read the counter instead of counting the coupon's orders.
-- A use is still what it was: an order carrying the coupon that is not cancelled. The backfill
-- counts exactly those, and a trigger gives the use back when such an order is cancelled, whichever
-- path cancels it (a shopper, an admin, the payment flow, a newer checkout). `max(…, 0)` keeps the
-- counter whole for an order written outside the order path (a seed or a test), which took no use.
ALTER TABLE `coupons` ADD `uses` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `coupons` SET `uses` = (
	SELECT count(*) FROM `orders` o WHERE o.`coupon_id` = `coupons`.`id` AND o.`status` <> 'cancelled'
);
--> statement-breakpoint
CREATE TRIGGER `coupons_use_returned` AFTER UPDATE OF `status` ON `orders`
WHEN new.`status` = 'cancelled' AND old.`status` <> 'cancelled' AND new.`coupon_id` IS NOT NULL
BEGIN
	UPDATE `coupons` SET `uses` = max(`uses` - 1, 0) WHERE `id` = new.`coupon_id`;
END;
