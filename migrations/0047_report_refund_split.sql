-- Where a report's refund goes (docs/decisions/050-after-the-order.md, "Refunding a report").
-- 1. The part of `approved_amount` sent back to the original online payment; the rest went to the
--    wallet. Decided once, by the statement that claims the send (capped at what Stripe still holds
--    of the order), and never again: a retry sends the same amount under the same idempotency key.
ALTER TABLE `order_reports` ADD `refund_stripe_amount` integer CHECK(`refund_stripe_amount` IS NULL OR `refund_stripe_amount` >= 0);
--> statement-breakpoint
-- 2. When a call claimed the send (cleared when it ends, refunded or failed): while it is recent no
--    other call sends, so parallel calls make one Stripe request; a claim whose call died ends by age.
ALTER TABLE `order_reports` ADD `refund_claimed_at` integer;
