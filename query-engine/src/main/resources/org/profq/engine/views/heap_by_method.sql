-- heap_by_method: which methods allocate the most memory?
--
-- Every object and array is charged to the method whose code executed the `new`
-- (djprof's exclusive rule: a caller is not charged for what its callees allocate).
-- A multi-dimensional array creation counts as one object with the bytes of every
-- array it made.
--
-- Builds on: _allocations_by_site, sites, methods.
--
-- Columns:
--   method_id  BIGINT   the allocating method (methods.method_id)
--   signature  VARCHAR  its readable signature
--   objects    BIGINT   objects and arrays it created
--   bytes      BIGINT   their shallow size in bytes
--   share      DOUBLE   bytes / all bytes allocated in the recording (0..1)
WITH per_method AS (
    SELECT s.method_id,
           SUM(p.objects) AS objects,
           SUM(p.bytes) AS bytes
    FROM _allocations_by_site AS p
    JOIN sites AS s ON s.site_id = p.site_id
    GROUP BY s.method_id
)
SELECT p.method_id,
       m.signature AS signature,
       p.objects,
       p.bytes,
       CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
FROM per_method AS p
LEFT JOIN methods AS m ON m.method_id = p.method_id
ORDER BY p.bytes DESC, p.method_id
