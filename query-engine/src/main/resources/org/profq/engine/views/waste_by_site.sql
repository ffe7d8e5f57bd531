-- waste_by_site: which allocation sites make objects that wait long for their first use
-- (lag) or are kept long after their last (drag)?
--
-- One row per allocation site with tracked objects: the totals of the waste view over its
-- objects, and waste (lag + drag) as a share of their total lifetime. A high lag share
-- suggests creating the objects later (lazily); a high drag share, dropping them sooner
-- (a cache that never evicts, a listener never removed).
--
-- Builds on: waste, _site_names.
--
-- Columns:
--   site_id        BIGINT   the site (sites.site_id)
--   signature      VARCHAR  the readable signature of the method holding the `new`
--   line           INTEGER  its source line; 0 if unknown
--   type_name      VARCHAR  the allocated type
--   objects        BIGINT   tracked objects created there
--   never_used     BIGINT   how many of them were never used
--   alive_at_exit  BIGINT   how many of them were still alive at the end
--   lag_ns         BIGINT   total lag: allocation to first use (whole life if never used)
--   use_ns         BIGINT   total use: first to last use
--   drag_ns        BIGINT   total drag: last use to death
--   lifetime_ns    BIGINT   total lifetime
--   waste_ns       BIGINT   lag_ns + drag_ns
--   lag_share      DOUBLE   lag_ns / lifetime_ns
--   drag_share     DOUBLE   drag_ns / lifetime_ns
--   waste_share    DOUBLE   (lag_ns + drag_ns) / lifetime_ns; NULL when lifetime_ns is 0
SELECT w.site_id,
       n.signature,
       n.line,
       n.type_name,
       COUNT(*) AS objects,
       COUNT(CASE WHEN w.uses = 0 THEN 1 END) AS never_used,
       COUNT(CASE WHEN w.at_exit THEN 1 END) AS alive_at_exit,
       SUM(w.lag_ns) AS lag_ns,
       SUM(w.use_ns) AS use_ns,
       SUM(w.drag_ns) AS drag_ns,
       SUM(w.lifetime_ns) AS lifetime_ns,
       SUM(w.lag_ns + w.drag_ns) AS waste_ns,
       CAST(SUM(w.lag_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_ns), 0) AS lag_share,
       CAST(SUM(w.drag_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_ns), 0) AS drag_share,
       CAST(SUM(w.lag_ns + w.drag_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_ns), 0) AS waste_share
FROM waste AS w
JOIN _site_names AS n ON n.site_id = w.site_id
GROUP BY w.site_id, n.signature, n.line, n.type_name
ORDER BY waste_ns DESC, site_id
