-- heap_by_site: which `new` expressions allocate the most memory?
--
-- One row per allocation site (a `new` in a method at a line) that allocated anything.
--
-- Columns:
--   site_id    BIGINT   the site (sites.site_id)
--   signature  VARCHAR  the readable signature of the method holding the `new`
--   line       INTEGER  its source line; 0 if unknown
--   type_name  VARCHAR  the allocated type (an array type for arrays)
--   objects    BIGINT   objects and arrays created there
--   bytes      BIGINT   their shallow size in bytes
--   share      DOUBLE   bytes / all bytes allocated in the recording (0..1)
WITH per_site AS (
    SELECT site_id,
           COUNT(*) AS objects,
           SUM(size_bytes) AS bytes
    FROM allocations
    GROUP BY site_id
)
SELECT p.site_id,
       m.signature AS signature,
       s.line,
       c.name AS type_name,
       p.objects,
       p.bytes,
       CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
FROM per_site AS p
JOIN sites AS s ON s.site_id = p.site_id
LEFT JOIN methods AS m ON m.method_id = s.method_id
LEFT JOIN classes AS c ON c.class_id = s.class_id
ORDER BY p.bytes DESC, p.site_id
