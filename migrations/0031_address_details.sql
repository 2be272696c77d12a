-- Delivery addresses a rider can find (docs/decisions/035-delivery-addresses.md): who receives the
-- order, the flat, floor, building and landmark, a Home/Work/Other label, an optional map pin, and
-- the GST state code the server takes from the pincode (with the city and state). `address_line`
-- stays and is the street, so old rows read as before; their state code is looked up from the
-- pincode on read until they are saved again. `mobile` is the recipient's phone.
ALTER TABLE `addresses` ADD `recipient_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `addresses` ADD `house` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `addresses` ADD `floor` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `addresses` ADD `building` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `addresses` ADD `landmark` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `addresses` ADD `label` text DEFAULT 'home' NOT NULL CHECK (`label` IN ('home', 'work', 'other'));--> statement-breakpoint
ALTER TABLE `addresses` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `addresses` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `addresses` ADD `state_code` text;
