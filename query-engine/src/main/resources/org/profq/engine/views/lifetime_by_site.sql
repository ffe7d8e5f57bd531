-- lifetime_by_site: which allocation sites make long-lived (or short-lived) objects?
--
-- One row per allocation site with tracked objects: their lifetimes (allocation to death,
-- or to the end of the recording for objects alive then).
--
-- Builds on: lifetimes, _site_names.
--
-- Columns:
--   site_id       BIGINT   the site (sites.site_id)
--   signature     VARCHAR  the readable signature of the method holding the `new`
--   line          INTEGER  its source line; 0 if unknown
--   type_name     VARCHAR  the allocated type
--   objects       BIGINT   tracked objects created there
--   alive_at_exit BIGINT   how many of them were still alive at the end
--   mean_ns       DOUBLE   mean lifetime
--   p50_ns        BIGINT   median lifetime
--   p90_ns        BIGINT   90th percentile lifetime
--   max_ns        BIGINT   longest lifetime
WITH lives AS (
    SELECT site_id, lifetime_ns, at_exit,
           ROW_NUMBER() OVER (PARTITION BY site_id ORDER BY lifetime_ns) AS rank_in_site,
           COUNT(*) OVER (PARTITION BY site_id) AS site_objects
    FROM lifetimes
)
-- PERCENTILE_DISC(p) is the lifetime at rank CEIL(p * n) of the site's n, in ascending order
-- (written out because Calcite's enumerable convention cannot implement PERCENTILE_DISC).
SELECT l.site_id,
       n.signature,
       n.line,
       n.type_name,
       COUNT(*) AS objects,
       COUNT(CASE WHEN l.at_exit THEN 1 END) AS alive_at_exit,
       AVG(CAST(l.lifetime_ns AS DOUBLE)) AS mean_ns,
       CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.5 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p50_ns,
       CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.9 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p90_ns,
       MAX(l.lifetime_ns) AS max_ns
FROM lives AS l
JOIN _site_names AS n ON n.site_id = l.site_id
GROUP BY l.site_id, n.signature, n.line, n.type_name
ORDER BY objects DESC, l.site_id
