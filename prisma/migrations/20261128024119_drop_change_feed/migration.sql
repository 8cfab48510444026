-- The change feed is gone (docs/performance.md "Signed-in answers from memory: removed"): no
-- process listens on tariffwatch_changes any more, so its triggers only cost every write a
-- notification. Dropping the function drops every trigger that calls it (the row and TRUNCATE
-- triggers of migration 20261126170000_change_feed, on every table but five), and nothing else
-- depends on it. The law's change stamp (law_changes, its law_changed() triggers of migration
-- 20261124234042_law_change_stamp) is a separate mechanism and stays.
DROP FUNCTION "notify_change"() CASCADE;
