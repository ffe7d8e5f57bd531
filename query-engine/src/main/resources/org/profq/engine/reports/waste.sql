-- waste: which allocation sites make objects that sit unused?
--
-- The allocation sites whose tracked objects waste the most time (record with --events
-- ...:uses; every --track'th object is followed): lag before the first use, drag after the
-- last, and their share of the objects' lifetime: the top rows of the waste_by_site view.
--
-- Needs: allocations, deaths, uses
--
-- Parameters:
--   top  BIGINT  10  how many allocation sites to show
--
-- Columns:
--   signature      VARCHAR  the method holding the `new`
--   line           INTEGER  its source line; 0 if unknown
--   type_name      VARCHAR  the allocated type
--   objects        BIGINT   tracked objects created there
--   never_used     BIGINT   how many were never used
--   alive_at_exit  BIGINT   how many were still alive at the end
--   lag_share      DOUBLE   share of their lifetime before the first use
--   drag_share     DOUBLE   share of their lifetime after the last use
--   waste_share    DOUBLE   lag_share + drag_share
--   lag_ns         BIGINT   total lag
--   drag_ns        BIGINT   total drag
--
-- Chart: waste_share by signature
WITH ranked AS (
    SELECT signature, line, type_name, objects, never_used, alive_at_exit, lag_share, drag_share, waste_share,
           lag_ns, drag_ns,
           ROW_NUMBER() OVER (ORDER BY waste_ns DESC, site_id) AS rank_by_waste
    FROM waste_by_site
)
SELECT signature, line, type_name, objects, never_used, alive_at_exit, lag_share, drag_share, waste_share, lag_ns, drag_ns
FROM ranked
WHERE rank_by_waste <= :top
ORDER BY rank_by_waste
