-- GST tax invoices (issue 31 part 5, docs/decisions/031-gst-invoices.md). Hand-written (like 0019).
--
-- 1. Products: the HSN code (4, 6 or 8 digits; '' = not set yet) and the GST rate in whole percent,
--    one of the slabs 0, 5, 12, 18, 28. Prices stay GST-inclusive.
ALTER TABLE `products` ADD `hsn_code` text DEFAULT '' NOT NULL CONSTRAINT "products_hsn_check" CHECK("hsn_code" = '' OR ("hsn_code" NOT GLOB '*[^0-9]*' AND length("hsn_code") IN (4, 6, 8)));
--> statement-breakpoint
ALTER TABLE `products` ADD `gst_rate` integer DEFAULT 5 NOT NULL CONSTRAINT "products_gst_rate_check" CHECK("gst_rate" IN (0, 5, 12, 18, 28));
--> statement-breakpoint
-- 2. Stores: the seller on the invoice: legal name, state (the place the supply is made from) and
--    GSTIN ('' until an admin sets them; the invoice then falls back to the store's name).
ALTER TABLE `stores` ADD `legal_name` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `stores` ADD `state` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `stores` ADD `gstin` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- 3. The invoice sequence: one counter per store per financial year (April–March, IST), e.g.
--    fy = 2026 for 1 Apr 2026 – 31 Mar 2027. Incremented by one upsert in the batch that gives an
--    order its number, so numbers are gap-free and never repeat.
CREATE TABLE `invoice_sequences` (
	`store_id` text NOT NULL,
	`fy` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`store_id`, `fy`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "invoice_sequences_last_check" CHECK("invoice_sequences"."last" >= 1)
) WITHOUT ROWID;
--> statement-breakpoint
-- 4. Orders: the invoice's financial year, number in that year's sequence and time of issue (NULL
--    until first needed). The unique index is the last guard against a duplicate number.
ALTER TABLE `orders` ADD `invoice_fy` integer;
--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_seq` integer;
--> statement-breakpoint
ALTER TABLE `orders` ADD `invoiced_at` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_unique` ON `orders` (`store_id`,`invoice_fy`,`invoice_seq`) WHERE "orders"."invoice_seq" IS NOT NULL;
--> statement-breakpoint
-- 5. Order lines: the HSN code and GST rate of what was supplied, frozen when the invoice is issued
--    (for the line's product, and for the product that replaced its missing units, if any).
ALTER TABLE `order_items` ADD `hsn_code` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `gst_rate` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_hsn_code` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `replaced_by_gst_rate` integer;
