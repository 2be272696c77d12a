-- Staff roles at a dark store (docs/decisions/041-staff-roles.md): a picker picks, a rider
-- delivers, a manager also releases claims and records the riders' cash. Every existing staff
-- member keeps doing what they did: they become pickers, and an admin names the others.
ALTER TABLE `store_staff` ADD COLUMN `role` text DEFAULT 'picker' NOT NULL CHECK (`role` IN ('picker', 'rider', 'manager'));
