-- waste: which allocation sites make objects that sit unused?
--
-- The allocation sites whose objects waste the most time (record with --events ...:uses;
-- the first and every --track'th object of each site is followed, and its sums are scaled
-- to all of the site's objects): lag before the first use, drag after the last, and their
-- share of the objects' lifetime, as much of each as the garbage collections prove: the top
-- rows of the waste_by_site view, ranked as it ranks them, by that proven waste
-- (est_bounded_waste_ns), what the program controls. Sites whose uses cannot be seen (arrays, classes the weaver never saw)
-- come after the others, with no waste figures.
--
-- Needs: allocations, deaths, uses
--
-- Parameters:
--   top  BIGINT  10  how many allocation sites to show
--
-- Columns:
--   signature        VARCHAR  the method holding the `new`
--   line             INTEGER  its source line; 0 if unknown
--   type_name        VARCHAR  the allocated type
--   uses_observable  BOOLEAN  whether uses of its objects can be seen (false for arrays and classes the weaver never saw)
--   tracked_objects  BIGINT   how many of its objects were tracked
--   never_used       BIGINT   how many tracked objects were never used; NULL when uses are not observable
--   alive_at_exit    BIGINT   how many tracked objects were still alive at the end
--   lag_share        DOUBLE   share of their proven lifetime before the first use
--   drag_share       DOUBLE   share of their proven lifetime after the last use: to a whole-heap collection they survived unused, or to the end
--   waste_share      DOUBLE   lag_share + drag_share
--   est_lag_min_ns   BIGINT   total proven lag, scaled to all of the site's objects
--   est_drag_min_ns  BIGINT   total proven drag, scaled to all of the site's objects
--
-- Chart: waste_share by signature
WITH ranked AS (
    SELECT signature, line, type_name, uses_observable, tracked_objects, never_used, alive_at_exit, lag_share, drag_share,
           waste_share, est_lag_min_ns, est_drag_min_ns,
           ROW_NUMBER() OVER (ORDER BY uses_observable DESC, est_bounded_waste_ns DESC, site_id) AS rank_by_waste
    FROM waste_by_site
)
SELECT signature, line, type_name, uses_observable, tracked_objects, never_used, alive_at_exit, lag_share, drag_share,
       waste_share, est_lag_min_ns, est_drag_min_ns
FROM ranked
WHERE rank_by_waste <= :top
ORDER BY rank_by_waste
