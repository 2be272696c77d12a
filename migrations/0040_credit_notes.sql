-- GST credit notes (docs/decisions/044-credit-notes.md). Hand-written (like 0034).
--
-- 1. One counter per (seller GSTIN, series, financial year), apart from the invoices' counters:
--    credit notes are their own consecutive series (rule 53(1A) CGST Rules).
CREATE TABLE `credit_note_series_counters` (
	`gstin` text NOT NULL,
	`series` text NOT NULL,
	`fy` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`gstin`, `series`, `fy`),
	CONSTRAINT "credit_note_series_counters_last_check" CHECK("credit_note_series_counters"."last" >= 1)
) WITHOUT ROWID;
--> statement-breakpoint
-- 2. The credit note as issued: one per refund (`refund_id` unique: a retry or a parallel call finds
--    the note the first one wrote), against the order's invoice, with the JSON of everything it
--    prints (app/lib/invoice/document.ts, kind "credit-note"). Written once; read back only.
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`refund_id` text NOT NULL,
	`order_id` text NOT NULL,
	`store_id` text NOT NULL,
	`gstin` text NOT NULL,
	`series` text NOT NULL,
	`fy` integer NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`amount` integer NOT NULL,
	`document` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `invoices`(`order_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "credit_notes_number_check" CHECK(length("credit_notes"."number") <= 16 AND "credit_notes"."seq" >= 1),
	CONSTRAINT "credit_notes_amount_check" CHECK("credit_notes"."amount" > 0),
	CONSTRAINT "credit_notes_refund_id_check" CHECK(length("credit_notes"."refund_id") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_refund_unique` ON `credit_notes` (`refund_id`);
--> statement-breakpoint
-- No number twice under one GSTIN in one financial year.
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`gstin`, `fy`, `number`);
--> statement-breakpoint
CREATE INDEX `credit_notes_order_idx` ON `credit_notes` (`order_id`, `seq`);
