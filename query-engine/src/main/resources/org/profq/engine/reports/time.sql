-- time: which methods spend the most CPU time (or wall time) in their own code?
--
-- The methods that spent the most time in their own code (self time: callees excluded),
-- ranked by self CPU time, or by self wall time when by is 'wall' (wall time counts
-- sleeping, blocking and waiting too, so a thread that waits all run comes first), with
-- their inclusive times (callees included, recursion counted once) beside: the top rows
-- of the time_by_method view, times compensated for profq's overhead.
--
-- Needs: calls
--
-- Parameters:
--   top  BIGINT   10            how many methods to show
--   by   VARCHAR  'cpu'|'wall'  rank by self CPU time (cpu) or self wall time (wall)
--
-- Columns:
--   signature         VARCHAR  the method
--   calls             BIGINT   executions, recursive ones included
--   self_cpu_ns       BIGINT   CPU time in the method's own code
--   inclusive_cpu_ns  BIGINT   CPU time inside the method, callees included, recursion counted once
--   self_ns           BIGINT   wall time in the method's own code
--   inclusive_ns      BIGINT   wall time inside the method, callees included, recursion counted once
--   share             DOUBLE   inclusive_ns / the wall time of all threads' outermost calls (0..1)
--
-- Chart: self_cpu_ns by signature
WITH ranked AS (
    SELECT signature,
           calls,
           self_cpu_ns,
           cpu_ns AS inclusive_cpu_ns,
           self_ns,
           inclusive_ns,
           share,
           ROW_NUMBER() OVER (ORDER BY CASE WHEN :by = 'wall' THEN self_ns ELSE self_cpu_ns END DESC,
                                       CASE WHEN :by = 'wall' THEN inclusive_ns ELSE cpu_ns END DESC,
                                       method_id) AS rank_by_time
    FROM time_by_method
)
SELECT signature, calls, self_cpu_ns, inclusive_cpu_ns, self_ns, inclusive_ns, share
FROM ranked
WHERE rank_by_time <= :top
ORDER BY rank_by_time
