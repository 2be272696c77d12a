-- A picker's claim on an order (docs/decisions/047-order-claims.md): who is picking it and since
-- when. Set and cleared by guarded UPDATEs (claims.server.ts); the pick's batch refuses anyone but
-- the claimant. Hand-written: a trigger.
ALTER TABLE `orders` ADD COLUMN `claimed_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `claimed_at` integer;
--> statement-breakpoint
-- A claim ends when the order leaves picking, whichever path moves it (the pick, a cancel, the
-- admin board): in the same statement, so no claim outlives the picking it was for.
CREATE TRIGGER `orders_claim_ends` AFTER UPDATE OF `status` ON `orders`
WHEN NEW.`status` NOT IN ('placed', 'paid') AND NEW.`claimed_by` IS NOT NULL
BEGIN
  UPDATE `orders` SET `claimed_by` = NULL, `claimed_at` = NULL WHERE `id` = NEW.`id`;
END;
