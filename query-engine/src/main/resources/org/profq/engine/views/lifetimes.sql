-- lifetimes: how long did each tracked object live?
--
-- One row per tracked object (every track'th allocation of a thread, recorded with
-- events=deaths): from its allocation to its death, or to the end of the recording for an
-- object still alive then.
--
-- Builds on: allocations, deaths.
--
-- Columns:
--   object_id    BIGINT   the object (allocations.object_id)
--   site_id      BIGINT   where it was created (sites.site_id)
--   class_id     BIGINT   its type (classes.class_id)
--   alloc_ns     BIGINT   when it was created, ns since the recording started
--   death_ns     BIGINT   when the recorder saw it reclaimed (deaths.death_ns); for objects alive at exit, when the recording closed
--   lifetime_ns  BIGINT   death_ns - alloc_ns
--   at_exit      BOOLEAN  true when it was still alive when the recording ended
SELECT a.object_id,
       a.site_id,
       a.class_id,
       a.alloc_ns,
       d.death_ns,
       d.death_ns - a.alloc_ns AS lifetime_ns,
       d.at_exit
FROM allocations AS a
JOIN deaths AS d ON d.object_id = a.object_id
WHERE a.tracked
