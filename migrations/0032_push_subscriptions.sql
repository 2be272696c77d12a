-- Web Push subscriptions of shoppers, for notices when their order moves
-- (docs/decisions/037-order-push.md). Hand-written: CHECKs on sizes.
--
-- One row per browser subscription, keyed by its endpoint (the push service's URL for that
-- browser): subscribing again from the same browser updates the row. An endpoint belongs to one
-- shopper; the subscribe statement never moves it to another. A shopper keeps at most a few (the
-- oldest go first, in the subscribe batch). Rows go when the shopper turns notices off, when the
-- push service answers 404/410 (gone), or with the account.
CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_sizes_check" CHECK(length("push_subscriptions"."endpoint") between 12 and 1024 and length("push_subscriptions"."p256dh") between 80 and 100 and length("push_subscriptions"."auth") between 16 and 32)
);
--> statement-breakpoint
-- A shopper's subscriptions: the consumer's fan-out and the limit's pruning.
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`,`updated_at`);
