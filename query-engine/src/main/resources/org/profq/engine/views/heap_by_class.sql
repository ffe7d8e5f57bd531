-- heap_by_class: which types take the most memory?
--
-- One row per allocated type; arrays are their own types (int[], long[][]).
--
-- Builds on: allocations, classes.
--
-- Columns:
--   class_id   BIGINT   the type (classes.class_id)
--   type_name  VARCHAR  its name
--   objects    BIGINT   objects or arrays of that type created
--   bytes      BIGINT   their shallow size in bytes
--   share      DOUBLE   bytes / all bytes allocated in the recording (0..1)
WITH per_class AS (
    SELECT class_id,
           COUNT(*) AS objects,
           SUM(size_bytes) AS bytes
    FROM allocations
    GROUP BY class_id
)
SELECT p.class_id,
       c.name AS type_name,
       p.objects,
       p.bytes,
       CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
FROM per_class AS p
LEFT JOIN classes AS c ON c.class_id = p.class_id
ORDER BY p.bytes DESC, p.class_id
