-- heap_by_site: which `new` expressions allocate the most memory?
--
-- One row per allocation site (a `new` in a method at a line) that allocated anything.
--
-- Builds on: _allocations_by_site, _site_names.
--
-- Columns:
--   site_id    BIGINT   the site (sites.site_id)
--   signature  VARCHAR  the readable signature of the method holding the `new`
--   line       INTEGER  its source line; 0 if unknown
--   type_name  VARCHAR  the allocated type (an array type for arrays)
--   objects    BIGINT   objects and arrays created there
--   bytes      BIGINT   their shallow size in bytes
--   share      DOUBLE   bytes / all bytes allocated in the recording (0..1)
SELECT p.site_id,
       n.signature,
       n.line,
       n.type_name,
       p.objects,
       p.bytes,
       CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
FROM _allocations_by_site AS p
JOIN _site_names AS n ON n.site_id = p.site_id
ORDER BY p.bytes DESC, p.site_id
