-- search_synonyms joins app/db/schema.ts so queries can name it through Drizzle (issue 14). The
-- table already exists (0002_search.sql, hand-written): this only records it in drizzle-kit's
-- snapshot, so the statement is a no-op on every database migrated so far.
CREATE TABLE IF NOT EXISTS `search_synonyms` (
	`term` text PRIMARY KEY NOT NULL,
	`canonical` text NOT NULL
);
