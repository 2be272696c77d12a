-- Invoices as issued (docs/decisions/038-invoices-as-issued.md). Hand-written (like 0024).
--
-- 1. Stores: the invoice series code (1-3 of A-Z 0-9, unique among all stores; an admin's code
--    starts with a letter, a code the database assigns starts with a digit) and the FSSAI licence
--    number (14 digits, '' until an admin sets it).
ALTER TABLE `stores` ADD `invoice_series` text CONSTRAINT "stores_invoice_series_check" CHECK("invoice_series" IS NULL OR (length("invoice_series") BETWEEN 1 AND 3 AND "invoice_series" NOT GLOB '*[^0-9A-Z]*'));
--> statement-breakpoint
ALTER TABLE `stores` ADD `fssai_licence` text DEFAULT '' NOT NULL CONSTRAINT "stores_fssai_licence_check" CHECK("fssai_licence" = '' OR (length("fssai_licence") = 14 AND "fssai_licence" NOT GLOB '*[^0-9]*'));
--> statement-breakpoint
-- Existing stores, in the order they were made (then by id), get 001, 002, … 009, 00A, … (the
-- rank in base 36, three characters): deterministic and unique, whatever their ids end with.
UPDATE `stores` SET `invoice_series` = (
	SELECT substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (r.n / 1296) % 36 + 1, 1)
		|| substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (r.n / 36) % 36 + 1, 1)
		|| substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', r.n % 36 + 1, 1)
	FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS n FROM `stores`) AS r
	WHERE r.`id` = `stores`.`id`
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_invoice_series_unique` ON `stores` (`invoice_series`);
--> statement-breakpoint
-- A store added without a code (a script, a test, the form left blank) gets the next assigned one
-- in the same statement: one more than the highest digit-first code (admins' codes start with a
-- letter, so the two never meet).
CREATE TRIGGER `stores_invoice_series_assign` AFTER INSERT ON `stores` WHEN NEW.`invoice_series` IS NULL
BEGIN
	UPDATE `stores` SET `invoice_series` = (
		SELECT substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (m.n / 1296) % 36 + 1, 1)
			|| substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (m.n / 36) % 36 + 1, 1)
			|| substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', m.n % 36 + 1, 1)
		FROM (
			SELECT 1 + coalesce(max(
				(instr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', substr(`invoice_series`, 1, 1)) - 1) * 1296
				+ (instr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', substr(`invoice_series`, 2, 1)) - 1) * 36
				+ (instr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', substr(`invoice_series`, 3, 1)) - 1)
			), 0) AS n
			FROM `stores`
			WHERE `invoice_series` GLOB '[0-9][0-9A-Z][0-9A-Z]'
		) AS m
	)
	WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- 2. One counter per (seller GSTIN, series, financial year): each printed series is consecutive.
--    '' is a store without a GSTIN.
CREATE TABLE `invoice_series_counters` (
	`gstin` text NOT NULL,
	`series` text NOT NULL,
	`fy` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`gstin`, `series`, `fy`),
	CONSTRAINT "invoice_series_counters_last_check" CHECK("invoice_series_counters"."last" >= 1)
) WITHOUT ROWID;
--> statement-breakpoint
-- 3. The invoice as issued: its number, the seller's GSTIN and financial year it is numbered under,
--    and `document`, the JSON of everything it prints (app/lib/invoice/document.ts). Written once
--    at first issue; the pages, the PDF and /api read it and nothing else.
CREATE TABLE `invoices` (
	`order_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`gstin` text NOT NULL,
	`series` text NOT NULL,
	`fy` integer NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`document` text,
	`backfilled` integer DEFAULT 0 NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "invoices_number_check" CHECK(length("invoices"."number") <= 16 AND "invoices"."seq" >= 1),
	CONSTRAINT "invoices_document_check" CHECK("invoices"."document" IS NOT NULL OR "invoices"."backfilled" = 1)
);
--> statement-breakpoint
-- No number twice under one GSTIN in one financial year. Invoices issued before this migration keep
-- the numbers they were issued with (the old per-store series, which could repeat under one GSTIN);
-- they are outside the index, and new numbers (3-character series, 7 digits) never have their shape.
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`gstin`, `fy`, `number`) WHERE "invoices"."backfilled" = 0;
--> statement-breakpoint
CREATE INDEX `invoices_store_idx` ON `invoices` (`store_id`, `fy`);
--> statement-breakpoint
-- 4. Backfill: every invoice already issued gets its record with the number it was issued with and
--    the seller's GSTIN today; its document is made from the data at its first read after this
--    migration (the same code that issues new ones) and frozen from then on.
INSERT INTO `invoices` (`order_id`, `store_id`, `gstin`, `series`, `fy`, `seq`, `number`, `document`, `backfilled`, `issued_at`)
SELECT o.`id`, o.`store_id`, s.`gstin`, upper(substr(o.`store_id`, -4)), o.`invoice_fy`, o.`invoice_seq`,
	upper(substr(o.`store_id`, -4)) || '/' || printf('%02d%02d', o.`invoice_fy` % 100, (o.`invoice_fy` + 1) % 100) || '/' || printf('%06d', o.`invoice_seq`),
	NULL, 1, coalesce(o.`invoiced_at`, o.`updated_at`)
FROM `orders` o JOIN `stores` s ON s.`id` = o.`store_id`
WHERE o.`invoice_seq` IS NOT NULL AND o.`invoice_fy` IS NOT NULL;
