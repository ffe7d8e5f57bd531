-- _allocations_by_site: how many objects, and how many bytes, each allocation site made.
--
-- A helper of the heap views, private to them (the leading '_'): \d does not list it and
-- the view documentation leaves it out. One row per allocation site that allocated
-- anything; the one pass over allocations that heap_by_site, heap_by_method and
-- _site_sampling share.
--
-- Builds on: allocations.
--
-- Columns:
--   site_id  BIGINT   the site (sites.site_id)
--   objects  BIGINT   objects and arrays created there
--   bytes    BIGINT   their shallow size in bytes
--   tracked_objects  BIGINT  how many of them were tracked (followed to their death)
SELECT site_id,
       COUNT(*) AS objects,
       SUM(size_bytes) AS bytes,
       COUNT(CASE WHEN tracked THEN 1 END) AS tracked_objects
FROM allocations
GROUP BY site_id
