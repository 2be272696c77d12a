-- The till (docs/decisions/048-riders-and-the-till.md): cash a rider hands over at their store,
-- recorded by a manager or an admin. Append-only: a wrong entry is corrected by another row (a
-- note says why), never edited or deleted. `idempotency_key` is the recorder's key for one
-- submission, so a double-submit or a retried request records once.
CREATE TABLE `cash_handovers` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE restrict,
	`rider_user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE restrict,
	`amount` integer NOT NULL,
	`note` text,
	`recorded_by` text NOT NULL REFERENCES `users`(`id`) ON DELETE restrict,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "cash_handovers_amount_check" CHECK(`amount` > 0),
	CONSTRAINT "cash_handovers_note_check" CHECK(`note` IS NULL OR length(`note`) BETWEEN 1 AND 200),
	CONSTRAINT "cash_handovers_key_check" CHECK(length(`idempotency_key`) BETWEEN 1 AND 100),
	CONSTRAINT "cash_handovers_not_own_check" CHECK(`rider_user_id` <> `recorded_by`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_handovers_key_unique` ON `cash_handovers` (`recorded_by`, `idempotency_key`);
--> statement-breakpoint
CREATE INDEX `cash_handovers_store_day_idx` ON `cash_handovers` (`store_id`, `created_at`);
--> statement-breakpoint
CREATE TRIGGER `cash_handovers_no_update` BEFORE UPDATE ON `cash_handovers`
BEGIN
	SELECT RAISE(ABORT, 'cash_handovers is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_handovers_no_delete` BEFORE DELETE ON `cash_handovers`
BEGIN
	SELECT RAISE(ABORT, 'cash_handovers is append-only');
END;
--> statement-breakpoint
-- The till counts cash by the day it was collected: the orders delivered in a day, found by the
-- time of their "delivered" history row.
CREATE INDEX `order_status_history_delivered_idx` ON `order_status_history` (`created_at`) WHERE `status` = 'delivered';
