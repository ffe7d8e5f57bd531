-- _site_sampling: how each allocation site's tracked objects stand for all of its objects.
--
-- A helper of the lifetime and waste views, private to them (the leading '_'). One row per
-- allocation site with tracked objects. The recorder tracks the first allocation of each
-- site on each thread and then every track'th one of it, so every site has its share and no
-- allocation pattern can alias with the period; every allocation is recorded, so a site's
-- exact count is known and its tracked objects are scaled by allocated / tracked (a ratio
-- estimate: exact for counts, an estimate for times summed over objects).
--
-- Builds on: _allocations_by_site, sites, classes, unwoven_classes.
--
-- Columns:
--   site_id            BIGINT   the site (sites.site_id)
--   allocated_objects  BIGINT   every object created there (exact)
--   tracked_objects    BIGINT   how many of them were tracked
--   scale              DOUBLE   allocated_objects / tracked_objects: what a sum over its tracked objects is multiplied by to estimate the site's total
--   uses_observable    BOOLEAN  whether uses of its objects can be seen: false for arrays (AspectJ has no join point for element reads and writes) and for classes the weaver never saw (unwoven_classes)
SELECT a.site_id,
       a.objects AS allocated_objects,
       a.tracked_objects,
       CAST(a.objects AS DOUBLE) / a.tracked_objects AS scale,
       NOT s.is_array AND NOT EXISTS (SELECT 1 FROM unwoven_classes AS u WHERE u.name = c.name) AS uses_observable
FROM _allocations_by_site AS a
JOIN sites AS s ON s.site_id = a.site_id
LEFT JOIN classes AS c ON c.class_id = s.class_id
WHERE a.tracked_objects > 0
