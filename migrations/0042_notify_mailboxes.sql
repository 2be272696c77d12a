-- Notify-me mail that cannot be turned against anyone (docs/decisions/046-mail-that-cannot-be-turned.md).
-- 1. A restock held back until `not_before` (a shopper's own cancelled order returned the units):
--    not handed on before then.
ALTER TABLE `restock_events` ADD `not_before` integer;
--> statement-breakpoint
-- 2. Guests are counted per mailbox (app/lib/mailbox.ts): lower-case, no `+tag`, and for Gmail no
--    dots. The same rule in SQL, for the rows already there.
CREATE TABLE `notify_mailbox_0042` AS
SELECT `email`, CASE WHEN `domain` IN ('gmail.com', 'googlemail.com') AND replace(`untagged`, '.', '') <> ''
  THEN replace(`untagged`, '.', '') || '@gmail.com' ELSE `untagged` || '@' || `domain` END AS `mailbox`
FROM (
  SELECT `email`, `domain`, CASE WHEN instr(`local`, '+') > 1 THEN substr(`local`, 1, instr(`local`, '+') - 1) ELSE `local` END AS `untagged`
  FROM (
    SELECT `email`, substr(lower(`email`), 1, instr(`email`, '@') - 1) AS `local`, substr(lower(`email`), instr(`email`, '@') + 1) AS `domain`
    FROM (SELECT `email` FROM `notify_requests` WHERE `user_id` IS NULL UNION SELECT `email` FROM `notify_emails`)
    WHERE instr(`email`, '@') > 1
  )
);
--> statement-breakpoint
-- Variants waiting for the same product at the same store become one request: the oldest stays.
UPDATE `notify_requests` SET `status` = 'cancelled', `closed_at` = unixepoch() * 1000
WHERE `user_id` IS NULL AND `status` IN ('open', 'sending') AND EXISTS (
  SELECT 1 FROM `notify_requests` `other`
  JOIN `notify_mailbox_0042` `a` ON `a`.`email` = `other`.`email`
  JOIN `notify_mailbox_0042` `b` ON `b`.`email` = `notify_requests`.`email`
  WHERE `other`.`user_id` IS NULL AND `other`.`status` IN ('open', 'sending') AND `a`.`mailbox` = `b`.`mailbox`
    AND `other`.`product_id` = `notify_requests`.`product_id` AND `other`.`store_id` = `notify_requests`.`store_id`
    AND `other`.`id` < `notify_requests`.`id`
);
--> statement-breakpoint
UPDATE `notify_requests` SET `subscriber` = 'e:' || (SELECT `mailbox` FROM `notify_mailbox_0042` `m` WHERE `m`.`email` = `notify_requests`.`email`)
WHERE `user_id` IS NULL AND EXISTS (SELECT 1 FROM `notify_mailbox_0042` `m` WHERE `m`.`email` = `notify_requests`.`email`);
--> statement-breakpoint
-- `notify_emails` is now keyed by mailbox: one verification and one first-mail slot per inbox.
CREATE TABLE `notify_emails_0042` AS
SELECT coalesce(`m`.`mailbox`, `e`.`email`) AS `email`, min(`e`.`first_request_id`) AS `first_request_id`, min(`e`.`verified_at`) AS `verified_at`, min(`e`.`created_at`) AS `created_at`
FROM `notify_emails` `e` LEFT JOIN `notify_mailbox_0042` `m` ON `m`.`email` = `e`.`email`
GROUP BY coalesce(`m`.`mailbox`, `e`.`email`);
--> statement-breakpoint
DELETE FROM `notify_emails`;
--> statement-breakpoint
INSERT INTO `notify_emails` (`email`, `first_request_id`, `verified_at`, `created_at`) SELECT `email`, `first_request_id`, `verified_at`, `created_at` FROM `notify_emails_0042`;
--> statement-breakpoint
DROP TABLE `notify_emails_0042`;
--> statement-breakpoint
DROP TABLE `notify_mailbox_0042`;
