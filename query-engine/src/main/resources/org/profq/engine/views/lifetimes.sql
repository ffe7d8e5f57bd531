-- lifetimes: how long did each tracked object live?
--
-- One row per tracked object (the first and every track'th allocation of each site on each
-- thread, recorded with events=deaths): from its allocation to its death, or to the end of
-- the recording for an object whose death was not seen before then (at_exit). The final
-- collection at exit tells those apart: an object it found unreachable died at some time
-- before the end, so its death_ns and lifetime_ns are upper bounds (reachable_at_exit false);
-- one still reachable lived to the end (reachable_at_exit true).
--
-- death_ns is when the recorder saw the death, after the collection that found it: for an object
-- promoted to the old generation that can be seconds after it died, so lifetime_ns measures the
-- collector as much as the program. died_by_ns bounds the death by the end of that collection
-- (deaths.died_by_ns), so lifetime_max_ns is the longest the object can have lived. From below,
-- died_after_ns is the start of the last whole-heap collection the object survived
-- (deaths.died_after_ns), or its allocation, so lifetime_min_ns is the shortest it can have
-- lived (an object still reachable after the final collection at exit lived to the end: both
-- bounds are death_ns); the waste view raises that bound to its last use when uses were recorded. A young object is bounded by the next young collection, milliseconds apart; an
-- object found only by a full collection has a loose bound, as wide as the old generation went
-- uncollected (deaths.found_by_collection_id and collections.kind tell which).
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
--   died_by_ns   BIGINT   an upper bound of its death: the end of the collection that found it (deaths.died_by_ns), at least alloc_ns
--   lifetime_max_ns  BIGINT  died_by_ns - alloc_ns: the longest it can have lived
--   died_after_ns  BIGINT  a lower bound of its death: the start of the last whole-heap collection it survived (deaths.died_after_ns), or its allocation when later (or no such collection); death_ns for an object still reachable after the final collection at exit, which lived to the end
--   lifetime_min_ns  BIGINT  died_after_ns - alloc_ns: the shortest it can have lived, as the collections prove it
SELECT a.object_id,
       a.site_id,
       a.class_id,
       a.alloc_ns,
       d.death_ns,
       d.death_ns - a.alloc_ns AS lifetime_ns,
       d.at_exit,
       d.reachable_at_exit,
       CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns ELSE a.alloc_ns END AS died_by_ns,
       CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns - a.alloc_ns ELSE 0 END AS lifetime_max_ns,
       CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns
            WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns ELSE a.alloc_ns END AS died_after_ns,
       CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns - a.alloc_ns
            WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns - a.alloc_ns ELSE 0 END AS lifetime_min_ns
FROM allocations AS a
JOIN deaths AS d ON d.object_id = a.object_id
WHERE a.tracked
