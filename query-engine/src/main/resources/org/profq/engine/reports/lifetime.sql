-- lifetime: which allocation sites make objects that live long, or die young?
--
-- The allocation sites with the most objects (record with --events ...:deaths; the first and
-- every --track'th object of each site is followed), how many of the tracked ones were still
-- alive at exit or found unreachable by the final collection, and their lifetimes from
-- allocation to death: the top rows of the lifetime_by_site view.
--
-- Needs: allocations, deaths
--
-- Parameters:
--   top  BIGINT  10  how many allocation sites to show
--
-- Columns:
--   signature            VARCHAR  the method holding the `new`
--   line                 INTEGER  its source line; 0 if unknown
--   type_name            VARCHAR  the allocated type
--   allocated_objects    BIGINT   every object created there (exact)
--   tracked_objects      BIGINT   how many of them were tracked: the sample the lifetimes describe
--   alive_at_exit        BIGINT   tracked objects still alive at the end
--   unreachable_at_exit  BIGINT   tracked objects the final collection at exit found unreachable
--   mean_ns              DOUBLE   mean lifetime
--   p50_ns               BIGINT   median lifetime
--   p90_ns               BIGINT   90th percentile lifetime
--   max_ns               BIGINT   longest lifetime
--
-- Chart: allocated_objects by signature
WITH ranked AS (
    SELECT signature,
           line,
           type_name,
           allocated_objects,
           tracked_objects,
           alive_at_exit,
           unreachable_at_exit,
           mean_ns,
           p50_ns,
           p90_ns,
           max_ns,
           ROW_NUMBER() OVER (ORDER BY allocated_objects DESC, alive_at_exit DESC, site_id) AS rank_by_objects
    FROM lifetime_by_site
)
SELECT signature, line, type_name, allocated_objects, tracked_objects, alive_at_exit, unreachable_at_exit,
       mean_ns, p50_ns, p90_ns, max_ns
FROM ranked
WHERE rank_by_objects <= :top
ORDER BY rank_by_objects
