-- time: which methods take the most time?
--
-- The methods with the most inclusive time (callees included, recursion counted once),
-- with their calls and self time: the top rows of the time_by_method view.
--
-- Needs: calls
--
-- Parameters:
--   top  BIGINT  10  how many methods to show
--
-- Columns:
--   signature     VARCHAR  the method
--   calls         BIGINT   executions, recursive ones included
--   inclusive_ns  BIGINT   ns inside the method, callees included, recursion counted once
--   self_ns       BIGINT   ns in the method's own code
--   share         DOUBLE   inclusive_ns / the time of all threads' outermost calls (0..1)
--
-- Chart: inclusive_ns by signature
WITH ranked AS (
    SELECT signature,
           calls,
           inclusive_ns,
           self_ns,
           share,
           ROW_NUMBER() OVER (ORDER BY inclusive_ns DESC, method_id) AS rank_by_time
    FROM time_by_method
)
SELECT signature, calls, inclusive_ns, self_ns, share
FROM ranked
WHERE rank_by_time <= :top
ORDER BY rank_by_time
