-- waste_by_site: which allocation sites make objects that wait long for their first use
-- (lag) or are kept long after their last (drag)?
--
-- One row per allocation site with tracked objects: the totals of the waste view over its
-- tracked objects, those totals scaled to all of the site's objects (est_*: times
-- allocated / tracked, see _site_sampling), and waste (lag + drag) as a share of their total
-- lifetime. A high lag share suggests creating the objects later (lazily); a high drag share,
-- dropping them sooner (a cache that never evicts, a listener never removed). Sites whose
-- uses cannot be seen (uses_observable false: arrays, classes the weaver never saw) are
-- reported apart, after the others: their lifetimes are known but their waste is not, so
-- never_used, the lag/use/drag/waste totals and the shares are NULL, never 100 %.
--
-- The shares and the ranking count only the waste the collections prove, so that a site's share
-- is not 1 because the old generation went uncollected: its objects' lag (all of their proven
-- lifetime when never used) plus the drag up to the start of the last whole-heap collection each
-- survived unused, or to the end for an object still reachable then (waste.drag_min_ns), over
-- their proven lifetimes (waste.lifetime_min_ns: allocation to that bound). Sites are ranked by
-- that proven waste scaled to all the site's objects (est_bounded_waste_ns). drag_ns and waste_ns
-- keep the deaths as the recorder saw them, after the collection that found them: for objects
-- promoted to the old generation that measures how long it went uncollected rather than the
-- program; drag_max_ns bounds the drag from above by the end of that collection.
--
-- Builds on: waste, _site_names, _site_sampling.
--
-- Columns:
--   site_id              BIGINT   the site (sites.site_id)
--   signature            VARCHAR  the readable signature of the method holding the `new`
--   line                 INTEGER  its source line; 0 if unknown
--   type_name            VARCHAR  the allocated type
--   uses_observable      BOOLEAN  whether uses of its objects can be seen (false for arrays and classes the weaver never saw)
--   allocated_objects    BIGINT   every object created there (exact)
--   tracked_objects      BIGINT   how many of them were tracked: the sample the sums describe
--   never_used           BIGINT   tracked objects never seen used; NULL when uses are not observable
--   alive_at_exit        BIGINT   tracked objects still alive at the end (reachable after the final collection, or not told)
--   unreachable_at_exit  BIGINT   tracked objects the final collection at exit found unreachable: their drag (or lag) is an upper bound
--   lag_ns               BIGINT   total lag of the tracked objects: allocation to first use (whole life if never used)
--   use_ns               BIGINT   total use: first to last use
--   drag_ns              BIGINT   total drag: last use to death
--   lifetime_ns          BIGINT   total lifetime of the tracked objects
--   waste_ns             BIGINT   lag_ns + drag_ns
--   est_lag_ns           BIGINT   lag_ns scaled to all the site's objects, rounded
--   est_drag_ns          BIGINT   drag_ns scaled to all the site's objects, rounded
--   est_waste_ns         BIGINT   waste_ns scaled to all the site's objects, rounded
--   est_lifetime_ns      BIGINT   lifetime_ns scaled to all the site's objects, rounded
--   lag_share            DOUBLE   lag_min_ns / lifetime_min_ns: the proven lag's share of the proven lifetime
--   drag_share           DOUBLE   drag_min_ns / lifetime_min_ns: the proven drag's share
--   waste_share          DOUBLE   (lag_min_ns + drag_min_ns) / lifetime_min_ns = lag_share + drag_share; NULL when lifetime_min_ns is 0 or uses are not observable
--   drag_max_ns          BIGINT   total drag bounded by the collections from above: last use to the end of the collection that found each object (waste.drag_max_ns)
--   est_drag_max_ns      BIGINT   drag_max_ns scaled to all the site's objects, rounded
--   lag_min_ns           BIGINT   total proven lag (waste.lag_min_ns): lag_ns, but a never-used object's lag ends at the lower bound of its death
--   drag_min_ns          BIGINT   total proven drag (waste.drag_min_ns): last use to the start of the last whole-heap collection each object survived, or to the end for objects still reachable then
--   lifetime_min_ns      BIGINT   total proven lifetime (waste.lifetime_min_ns) = lag_min_ns + use_ns + drag_min_ns
--   est_lag_min_ns       BIGINT   lag_min_ns scaled to all the site's objects, rounded
--   est_drag_min_ns      BIGINT   drag_min_ns scaled to all the site's objects, rounded
--   est_bounded_waste_ns BIGINT   (lag_min_ns + drag_min_ns) scaled to all the site's objects, rounded: what the view ranks by
SELECT w.site_id,
       n.signature,
       n.line,
       n.type_name,
       p.uses_observable,
       p.allocated_objects,
       COUNT(*) AS tracked_objects,
       CASE WHEN p.uses_observable THEN COUNT(CASE WHEN w.uses = 0 THEN 1 END) END AS never_used,
       COUNT(CASE WHEN w.at_exit AND w.reachable_at_exit IS NOT FALSE THEN 1 END) AS alive_at_exit,
       COUNT(CASE WHEN w.at_exit AND w.reachable_at_exit IS FALSE THEN 1 END) AS unreachable_at_exit,
       SUM(w.lag_ns) AS lag_ns,
       SUM(w.use_ns) AS use_ns,
       SUM(w.drag_ns) AS drag_ns,
       SUM(w.lifetime_ns) AS lifetime_ns,
       SUM(w.lag_ns + w.drag_ns) AS waste_ns,
       CAST(ROUND(SUM(w.lag_ns) * p.scale) AS BIGINT) AS est_lag_ns,
       CAST(ROUND(SUM(w.drag_ns) * p.scale) AS BIGINT) AS est_drag_ns,
       CAST(ROUND(SUM(w.lag_ns + w.drag_ns) * p.scale) AS BIGINT) AS est_waste_ns,
       CAST(ROUND(SUM(w.lifetime_ns) * p.scale) AS BIGINT) AS est_lifetime_ns,
       CAST(SUM(w.lag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS lag_share,
       CAST(SUM(w.drag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS drag_share,
       CAST(SUM(w.lag_min_ns + w.drag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS waste_share,
       SUM(w.drag_max_ns) AS drag_max_ns,
       CAST(ROUND(SUM(w.drag_max_ns) * p.scale) AS BIGINT) AS est_drag_max_ns,
       SUM(w.lag_min_ns) AS lag_min_ns,
       SUM(w.drag_min_ns) AS drag_min_ns,
       SUM(w.lifetime_min_ns) AS lifetime_min_ns,
       CAST(ROUND(SUM(w.lag_min_ns) * p.scale) AS BIGINT) AS est_lag_min_ns,
       CAST(ROUND(SUM(w.drag_min_ns) * p.scale) AS BIGINT) AS est_drag_min_ns,
       CAST(ROUND(SUM(w.lag_min_ns + w.drag_min_ns) * p.scale) AS BIGINT) AS est_bounded_waste_ns
FROM waste AS w
JOIN _site_names AS n ON n.site_id = w.site_id
JOIN _site_sampling AS p ON p.site_id = w.site_id
GROUP BY w.site_id, n.signature, n.line, n.type_name, p.uses_observable, p.allocated_objects, p.scale
ORDER BY uses_observable DESC, est_bounded_waste_ns DESC, site_id
