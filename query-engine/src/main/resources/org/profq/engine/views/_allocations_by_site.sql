-- _allocations_by_site: how many objects, and how many bytes, each allocation site made.
--
-- A helper of the heap views, private to them (the leading '_'): \d does not list it and
-- the view documentation leaves it out. One row per allocation site that allocated
-- anything; the one pass over allocations that heap_by_site and heap_by_method share.
--
-- Builds on: allocations.
--
-- Columns:
--   site_id  BIGINT   the site (sites.site_id)
--   objects  BIGINT   objects and arrays created there
--   bytes    BIGINT   their shallow size in bytes
SELECT site_id,
       COUNT(*) AS objects,
       SUM(size_bytes) AS bytes
FROM allocations
GROUP BY site_id
