-- "Notify me" (docs/decisions/032-notify-me.md): the cron prunes restock rows handed on more than
-- 30 days ago; this index finds them without reading the whole table every five minutes.
CREATE INDEX `restock_events_handed_on_created_idx` ON `restock_events` (`created_at`) WHERE "restock_events"."queued_at" IS NOT NULL;
