-- waste: how long did each tracked object sit unused before its first use and after its last?
--
-- One row per tracked object (record with events=uses; the first and every track'th
-- allocation of each site is followed), its life split as in the djprof paper: lag from
-- allocation to first use, use from first to last use, drag from last use to death (or to the
-- end of the recording for an object whose death was not seen before then: an upper bound).
-- An object never used is all lag. Uses are field reads and writes and instance method calls
-- made by woven code after the constructor returned; times have the recording's clock
-- resolution (run.tick_ns). Where uses cannot be seen at all (uses_observable false: arrays,
-- whose element reads and writes AspectJ has no join point for, and objects of classes the
-- weaver never saw), the split is unknown: lag_ns, use_ns and drag_ns are NULL, never "all lag".
-- Objects of JDK classes count as observable: woven code's field accesses and calls on them are
-- seen, though the JDK's own uses of them are not.
--
-- The death itself is bounded, not guessed: it lies after the object's last use (its allocation
-- if never used) and after the start of the last whole-heap collection it survived
-- (lifetimes.died_after_ns), the later of them being died_after_ns, and by the end of the collection that found it, died_by_ns
-- (deaths.died_by_ns). lifetime_min_ns and lifetime_max_ns are the lifetime both ways; the drag
-- lies between 0 and drag_max_ns, which is bounded by the collections (the next young collection
-- for a young object; for an object found only by a full collection the bound is as loose as the
-- old generation went uncollected), and at least drag_min_ns, what the collections prove: the
-- object was still reachable, unused, when a whole-heap collection it survived started (or at the
-- end, when still reachable then). lag_min_ns + use_ns + drag_min_ns = lifetime_min_ns. drag_ns
-- and lifetime_ns keep the death as the recorder saw it, after that collection. Without a
-- collection that could have found it, died_by_ns is death_ns.
--
-- Builds on: lifetimes, uses, _site_sampling.
--
-- Columns:
--   object_id        BIGINT   the object (allocations.object_id)
--   site_id          BIGINT   where it was created (sites.site_id)
--   class_id         BIGINT   its type (classes.class_id)
--   uses_observable  BOOLEAN  whether its uses can be seen (false for arrays and classes the weaver never saw)
--   uses             BIGINT   how many times it was seen used (uses rows)
--   alloc_ns         BIGINT   when it was created
--   first_use_ns     BIGINT   its first use; NULL if never seen used
--   last_use_ns      BIGINT   its last use; NULL if never seen used
--   death_ns         BIGINT   when the recorder saw it reclaimed, or the recording's end for at_exit objects
--   at_exit          BOOLEAN  true when its death was not seen before the recording ended
--   reachable_at_exit  BOOLEAN  true when still reachable after the final collection at exit; false when found dead; NULL when not told
--   lag_ns           BIGINT   first_use_ns - alloc_ns; the whole lifetime if never used; NULL if uses are not observable
--   use_ns           BIGINT   last_use_ns - first_use_ns; 0 if never used; NULL if uses are not observable
--   drag_ns          BIGINT   death_ns - last_use_ns; 0 if never used; NULL if uses are not observable
--   lifetime_ns      BIGINT   death_ns - alloc_ns = lag_ns + use_ns + drag_ns
--   died_after_ns    BIGINT   a lower bound of its death: its last use, or its allocation if never seen used (or uses are not observable), or the start of the last whole-heap collection it survived when later (lifetimes.died_after_ns)
--   died_by_ns       BIGINT   an upper bound of its death: the end of the collection that found it (lifetimes.died_by_ns), at least died_after_ns
--   lifetime_min_ns  BIGINT   died_after_ns - alloc_ns: allocation to last use, what the program's own code spans, or to the whole-heap collection it survived
--   lifetime_max_ns  BIGINT   died_by_ns - alloc_ns
--   drag_max_ns      BIGINT   died_by_ns - last_use_ns: the most it can have been kept after its last use; 0 if never used; NULL if uses are not observable
--   lag_min_ns       BIGINT   the least its lag can have been: lag_ns for an object used (its first use is seen), lifetime_min_ns for one never used; NULL if uses are not observable
--   drag_min_ns      BIGINT   died_after_ns - last_use_ns: the least it can have been kept after its last use, what the collections prove (it was reachable, unused, at the start of a whole-heap collection it survived, or at the end); 0 if never used; NULL if uses are not observable
WITH used AS (
    SELECT object_id, COUNT(*) AS uses, MIN(use_ns) AS first_use_ns, MAX(use_ns) AS last_use_ns
    FROM uses
    GROUP BY object_id
),
bounded AS (
    SELECT l.object_id, l.site_id, l.class_id, p.uses_observable, u.object_id AS used_object_id, u.uses,
           u.first_use_ns, u.last_use_ns, l.alloc_ns, l.death_ns, l.at_exit, l.reachable_at_exit, l.lifetime_ns,
           l.died_by_ns AS found_by_ns,
           CASE WHEN p.uses_observable AND u.last_use_ns > l.died_after_ns THEN u.last_use_ns ELSE l.died_after_ns END AS died_after_ns
    FROM lifetimes AS l
    JOIN _site_sampling AS p ON p.site_id = l.site_id
    LEFT JOIN used AS u ON u.object_id = l.object_id
)
SELECT object_id,
       site_id,
       class_id,
       uses_observable,
       COALESCE(uses, 0) AS uses,
       alloc_ns,
       first_use_ns,
       last_use_ns,
       death_ns,
       at_exit,
       reachable_at_exit,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN lifetime_ns ELSE first_use_ns - alloc_ns END AS lag_ns,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN 0 ELSE last_use_ns - first_use_ns END AS use_ns,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN 0 ELSE death_ns - last_use_ns END AS drag_ns,
       lifetime_ns,
       died_after_ns,
       CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END AS died_by_ns,
       died_after_ns - alloc_ns AS lifetime_min_ns,
       CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END - alloc_ns AS lifetime_max_ns,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN 0
            ELSE CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END - last_use_ns END AS drag_max_ns,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN died_after_ns - alloc_ns ELSE first_use_ns - alloc_ns END AS lag_min_ns,
       CASE WHEN NOT uses_observable THEN NULL
            WHEN used_object_id IS NULL THEN 0 ELSE died_after_ns - last_use_ns END AS drag_min_ns
FROM bounded
