CREATE TABLE `search_zero_results` (
	`query` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	CONSTRAINT "search_zero_results_query_length" CHECK(length("search_zero_results"."query") between 1 and 64)
);
--> statement-breakpoint
CREATE INDEX `search_zero_results_frequent_idx` ON `search_zero_results` (`count`,`last_seen_at`);--> statement-breakpoint
CREATE INDEX `search_zero_results_recent_idx` ON `search_zero_results` (`last_seen_at`);