-- waste: how long did each tracked object sit unused before its first use and after its last?
--
-- One row per tracked object (record with events=uses; every track'th allocation is
-- followed), its life split as in the djprof paper: lag from allocation to first use, use
-- from first to last use, drag from last use to death (or to the end of the recording for
-- an object alive then). An object never used is all lag. Uses are field reads and writes
-- and instance method calls made by woven code after the constructor returned; times have
-- the recording's clock resolution (run.tick_ns).
--
-- Builds on: lifetimes, uses.
--
-- Columns:
--   object_id     BIGINT   the object (allocations.object_id)
--   site_id       BIGINT   where it was created (sites.site_id)
--   class_id      BIGINT   its type (classes.class_id)
--   uses          BIGINT   how many times it was used (uses rows)
--   alloc_ns      BIGINT   when it was created
--   first_use_ns  BIGINT   its first use; NULL if never used
--   last_use_ns   BIGINT   its last use; NULL if never used
--   death_ns      BIGINT   when the recorder saw it reclaimed, or the recording's end for objects alive at exit
--   at_exit       BOOLEAN  true when it was still alive when the recording ended
--   lag_ns        BIGINT   first_use_ns - alloc_ns; the whole lifetime if never used
--   use_ns        BIGINT   last_use_ns - first_use_ns; 0 if never used
--   drag_ns       BIGINT   death_ns - last_use_ns; 0 if never used
--   lifetime_ns   BIGINT   death_ns - alloc_ns = lag_ns + use_ns + drag_ns
WITH used AS (
    SELECT object_id, COUNT(*) AS uses, MIN(use_ns) AS first_use_ns, MAX(use_ns) AS last_use_ns
    FROM uses
    GROUP BY object_id
)
SELECT l.object_id,
       l.site_id,
       l.class_id,
       COALESCE(u.uses, 0) AS uses,
       l.alloc_ns,
       u.first_use_ns,
       u.last_use_ns,
       l.death_ns,
       l.at_exit,
       CASE WHEN u.object_id IS NULL THEN l.lifetime_ns ELSE u.first_use_ns - l.alloc_ns END AS lag_ns,
       CASE WHEN u.object_id IS NULL THEN 0 ELSE u.last_use_ns - u.first_use_ns END AS use_ns,
       CASE WHEN u.object_id IS NULL THEN 0 ELSE l.death_ns - u.last_use_ns END AS drag_ns,
       l.lifetime_ns
FROM lifetimes AS l
LEFT JOIN used AS u ON u.object_id = l.object_id
