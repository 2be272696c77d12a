-- After the order (docs/decisions/050-after-the-order.md): the FreshDash wallet, reports of a
-- missing or damaged item, and the rules that approve a report at once.

-- 1. The wallet: an append-only ledger per shopper. The balance is the sum of a shopper's entries;
--    each entry carries the balance after it (`balance_after`), which the trigger below holds equal
--    to that sum and the CHECK holds at 0 or more: an entry that would take a balance below zero
--    fails its statement, and with it the whole D1 batch it is part of (e.g. the order it pays for).
--    `(kind, ref)` is unique: one refund per report, one payment and one reversal per order.
CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE restrict,
	`amount` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`order_id` text REFERENCES `orders`(`id`) ON DELETE set null,
	`note` text,
	`created_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "wallet_entries_amount_check" CHECK(`amount` <> 0),
	CONSTRAINT "wallet_entries_balance_check" CHECK(`balance_after` >= 0),
	CONSTRAINT "wallet_entries_kind_check" CHECK(`kind` IN ('refund', 'goodwill', 'order_payment', 'order_reversal')),
	CONSTRAINT "wallet_entries_sign_check" CHECK((`kind` = 'order_payment') = (`amount` < 0)),
	CONSTRAINT "wallet_entries_ref_check" CHECK(length(`ref`) BETWEEN 1 AND 100),
	CONSTRAINT "wallet_entries_note_check" CHECK(`note` IS NULL OR length(`note`) BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_ref_unique` ON `wallet_entries` (`kind`, `ref`);
--> statement-breakpoint
CREATE INDEX `wallet_entries_user_idx` ON `wallet_entries` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE TRIGGER `wallet_entries_balance_follows` BEFORE INSERT ON `wallet_entries`
WHEN NEW.`balance_after` IS NOT (SELECT coalesce(sum(`amount`), 0) FROM `wallet_entries` WHERE `user_id` = NEW.`user_id`) + NEW.`amount`
BEGIN
	SELECT RAISE(ABORT, 'wallet_entries.balance_after must follow the ledger');
END;
--> statement-breakpoint
CREATE TRIGGER `wallet_entries_no_update` BEFORE UPDATE ON `wallet_entries`
BEGIN
	SELECT RAISE(ABORT, 'wallet_entries is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `wallet_entries_no_delete` BEFORE DELETE ON `wallet_entries`
BEGIN
	SELECT RAISE(ABORT, 'wallet_entries is append-only');
END;
--> statement-breakpoint
-- Paise of the order's total paid from the wallet when it was placed (the rest online or in cash).
ALTER TABLE `orders` ADD `wallet_paid` integer DEFAULT 0 NOT NULL CHECK(`wallet_paid` >= 0);
--> statement-breakpoint

-- 2. Reports of a delivered order's items. A report is open until decided: approved (in full or in
--    part: `approved_amount` < `claimed_amount`) or declined, by the rules (`auto_approved`) or by
--    a person (`decided_by`) with a reason. Its refund goes to the wallet or to the original online
--    payment (`refund_to`); `refund_status` follows it.
CREATE TABLE `order_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE restrict,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE restrict,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE restrict,
	`status` text DEFAULT 'open' NOT NULL,
	`comment` text,
	`photo_key` text,
	`claimed_amount` integer NOT NULL,
	`approved_amount` integer,
	`refund_to` text DEFAULT 'wallet' NOT NULL,
	`auto_approved` integer DEFAULT false NOT NULL,
	`decided_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`decision_reason` text,
	`decided_at` integer,
	`refund_status` text DEFAULT 'none' NOT NULL,
	`stripe_refund_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "order_reports_status_check" CHECK(`status` IN ('open', 'approved', 'declined')),
	CONSTRAINT "order_reports_claimed_check" CHECK(`claimed_amount` > 0),
	CONSTRAINT "order_reports_approved_check" CHECK(
		(`status` = 'open' AND `approved_amount` IS NULL) OR
		(`status` = 'declined' AND `approved_amount` IS NULL) OR
		(`status` = 'approved' AND `approved_amount` BETWEEN 1 AND `claimed_amount`)),
	CONSTRAINT "order_reports_refund_to_check" CHECK(`refund_to` IN ('wallet', 'original')),
	CONSTRAINT "order_reports_refund_status_check" CHECK(`refund_status` IN ('none', 'pending', 'refunded', 'failed')),
	CONSTRAINT "order_reports_comment_check" CHECK(`comment` IS NULL OR length(`comment`) BETWEEN 1 AND 500),
	CONSTRAINT "order_reports_reason_check" CHECK(`decision_reason` IS NULL OR length(`decision_reason`) BETWEEN 1 AND 300)
);
--> statement-breakpoint
CREATE INDEX `order_reports_order_idx` ON `order_reports` (`order_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `order_reports_user_idx` ON `order_reports` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `order_reports_store_idx` ON `order_reports` (`store_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `order_reports_open_idx` ON `order_reports` (`store_id`, `created_at`) WHERE `status` = 'open';
--> statement-breakpoint
-- One row per reported item: how many units, why, and what they are worth (paise, at the price
-- paid). `open` mirrors the report's status (trigger below) so that an item has at most one open
-- report (the partial unique index); `approved_quantity` and `approved_amount` are set on decision.
CREATE TABLE `order_report_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`report_id` text NOT NULL REFERENCES `order_reports`(`id`) ON DELETE cascade,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE restrict,
	`order_item_id` text NOT NULL REFERENCES `order_items`(`id`) ON DELETE restrict,
	`product_id` text,
	`quantity` integer NOT NULL,
	`reason` text NOT NULL,
	`amount` integer NOT NULL,
	`open` integer DEFAULT true NOT NULL,
	`approved_quantity` integer,
	`approved_amount` integer,
	CONSTRAINT "order_report_lines_quantity_check" CHECK(`quantity` > 0),
	CONSTRAINT "order_report_lines_amount_check" CHECK(`amount` > 0),
	CONSTRAINT "order_report_lines_reason_check" CHECK(`reason` IN ('missing', 'damaged', 'wrong_item', 'expired', 'quality')),
	CONSTRAINT "order_report_lines_approved_check" CHECK(
		(`approved_quantity` IS NULL OR `approved_quantity` BETWEEN 0 AND `quantity`) AND
		(`approved_amount` IS NULL OR `approved_amount` BETWEEN 0 AND `amount`))
);
--> statement-breakpoint
CREATE INDEX `order_report_lines_report_idx` ON `order_report_lines` (`report_id`);
--> statement-breakpoint
CREATE INDEX `order_report_lines_item_idx` ON `order_report_lines` (`order_item_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_report_lines_one_open_unique` ON `order_report_lines` (`order_item_id`) WHERE `open` = 1;
--> statement-breakpoint
CREATE TRIGGER `order_reports_lines_close` AFTER UPDATE OF `status` ON `order_reports`
WHEN NEW.`status` <> 'open'
BEGIN
	UPDATE `order_report_lines` SET `open` = 0 WHERE `report_id` = NEW.`id` AND `open` = 1;
END;
--> statement-breakpoint
-- The hours after delivery within which a shopper can report an item, per store (1..168).
ALTER TABLE `stores` ADD `report_window_hours` integer DEFAULT 48 NOT NULL CHECK(`report_window_hours` BETWEEN 1 AND 168);
--> statement-breakpoint

-- 3. The rules that approve a report at once (one row, set by admins). Out of the box a shopper's
--    first approved claim of up to ₹200 in 30 days: value at most `auto_max_amount` paise, at most
--    `auto_max_prior_approved` approved reports in the last 30 days before this one, and this claim
--    plus those at most `auto_max_share_percent` % of the shopper's delivered value.
CREATE TABLE `report_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`auto_max_amount` integer DEFAULT 20000 NOT NULL,
	`auto_max_prior_approved` integer DEFAULT 0 NOT NULL,
	`auto_max_share_percent` integer DEFAULT 100 NOT NULL,
	`updated_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "report_rules_one_row_check" CHECK(`id` = 1),
	CONSTRAINT "report_rules_amount_check" CHECK(`auto_max_amount` BETWEEN 0 AND 1000000),
	CONSTRAINT "report_rules_prior_check" CHECK(`auto_max_prior_approved` BETWEEN 0 AND 100),
	CONSTRAINT "report_rules_share_check" CHECK(`auto_max_share_percent` BETWEEN 0 AND 100)
);
--> statement-breakpoint
INSERT INTO `report_rules` (`id`) VALUES (1);
