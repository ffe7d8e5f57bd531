-- heap: which methods allocate the most memory?
--
-- The methods that created the most bytes of objects and arrays, each charged with what
-- its own code allocated (not its callees'): the top rows of the heap_by_method view.
--
-- Needs: allocations
--
-- Parameters:
--   top  BIGINT  10  how many methods to show
--
-- Columns:
--   signature  VARCHAR  the allocating method
--   objects    BIGINT   objects and arrays it created
--   bytes      BIGINT   their shallow size in bytes
--   share      DOUBLE   bytes / all bytes allocated (0..1)
--
-- Chart: bytes by signature
WITH ranked AS (
    SELECT signature,
           objects,
           bytes,
           share,
           ROW_NUMBER() OVER (ORDER BY bytes DESC, method_id) AS rank_by_bytes
    FROM heap_by_method
)
SELECT signature, objects, bytes, share
FROM ranked
WHERE rank_by_bytes <= :top
ORDER BY rank_by_bytes
