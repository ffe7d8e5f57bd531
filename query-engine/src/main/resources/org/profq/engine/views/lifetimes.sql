-- lifetimes: how long did each tracked object live?
--
-- One row per tracked object (the first and every track'th allocation of each site on each
-- thread, recorded with events=deaths): from its allocation to its death, or to the end of
-- the recording for an object whose death was not seen before then (at_exit). The final
-- collection at exit tells those apart: an object it found unreachable died at some time
-- before the end, so its death_ns and lifetime_ns are upper bounds (reachable_at_exit false);
-- one still reachable lived to the end (reachable_at_exit true).
--
-- Builds on: allocations, deaths.
--
-- Columns:
--   object_id    BIGINT   the object (allocations.object_id)
--   site_id      BIGINT   where it was created (sites.site_id)
--   class_id     BIGINT   its type (classes.class_id)
--   alloc_ns     BIGINT   when it was created, ns since the recording started
--   death_ns     BIGINT   when the recorder saw it reclaimed (deaths.death_ns); for at_exit objects, when the recording closed (an upper bound)
--   lifetime_ns  BIGINT   death_ns - alloc_ns; an upper bound for at_exit objects
--   at_exit      BOOLEAN  true when its death was not seen before the recording ended
--   reachable_at_exit  BOOLEAN  true when still reachable after the final collection at exit; false when found dead (during the run or by that collection); NULL for at_exit objects when no final collection told (--no-final-gc)
SELECT a.object_id,
       a.site_id,
       a.class_id,
       a.alloc_ns,
       d.death_ns,
       d.death_ns - a.alloc_ns AS lifetime_ns,
       d.at_exit,
       d.reachable_at_exit
FROM allocations AS a
JOIN deaths AS d ON d.object_id = a.object_id
WHERE a.tracked
