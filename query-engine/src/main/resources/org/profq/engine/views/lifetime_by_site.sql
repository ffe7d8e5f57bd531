-- lifetime_by_site: which allocation sites make long-lived (or short-lived) objects?
--
-- One row per allocation site with tracked objects: their lifetimes (allocation to death,
-- or to the end of the recording for objects whose death was not seen before then). The
-- statistics are over the site's tracked objects, a sample of its allocations (the first and
-- every track'th of each thread); counts of all its objects are exact (allocated_objects) or
-- scaled from the sample (est_*, see _site_sampling).
--
-- Builds on: lifetimes, _site_names, _site_sampling.
--
-- Columns:
--   site_id              BIGINT   the site (sites.site_id)
--   signature            VARCHAR  the readable signature of the method holding the `new`
--   line                 INTEGER  its source line; 0 if unknown
--   type_name            VARCHAR  the allocated type
--   allocated_objects    BIGINT   every object created there (exact)
--   tracked_objects      BIGINT   how many of them were tracked: the sample the other columns describe
--   alive_at_exit        BIGINT   tracked objects still alive at the end: reachable after the final collection, or not told (no final collection)
--   unreachable_at_exit  BIGINT   tracked objects the final collection at exit found unreachable: dead before the end, their lifetimes upper bounds
--   est_alive_at_exit    BIGINT   alive_at_exit scaled to all the site's objects (allocated / tracked), rounded
--   mean_ns              DOUBLE   mean lifetime of the tracked objects
--   p50_ns               BIGINT   their median lifetime
--   p90_ns               BIGINT   their 90th percentile lifetime
--   max_ns               BIGINT   their longest lifetime
--   mean_max_ns          DOUBLE   mean of their lifetime_max_ns: lifetimes bounded by the collection that found each object rather than by when its death was seen
--   mean_min_ns          DOUBLE   mean of their lifetime_min_ns: the shortest each can have lived, to the last whole-heap collection it survived (0 for an object that survived none)
WITH lives AS (
    SELECT site_id, lifetime_ns, lifetime_max_ns, lifetime_min_ns, at_exit, reachable_at_exit,
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
       p.allocated_objects,
       COUNT(*) AS tracked_objects,
       COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS NOT FALSE THEN 1 END) AS alive_at_exit,
       COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS FALSE THEN 1 END) AS unreachable_at_exit,
       CAST(ROUND(COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS NOT FALSE THEN 1 END) * p.scale) AS BIGINT)
           AS est_alive_at_exit,
       AVG(CAST(l.lifetime_ns AS DOUBLE)) AS mean_ns,
       CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.5 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p50_ns,
       CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.9 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p90_ns,
       MAX(l.lifetime_ns) AS max_ns,
       AVG(CAST(l.lifetime_max_ns AS DOUBLE)) AS mean_max_ns,
       AVG(CAST(l.lifetime_min_ns AS DOUBLE)) AS mean_min_ns
FROM lives AS l
JOIN _site_names AS n ON n.site_id = l.site_id
JOIN _site_sampling AS p ON p.site_id = l.site_id
GROUP BY l.site_id, n.signature, n.line, n.type_name, p.allocated_objects, p.scale
ORDER BY allocated_objects DESC, l.site_id
