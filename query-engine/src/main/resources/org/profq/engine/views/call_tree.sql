-- call_tree: the calling-context tree: how often each call path ran, and how long.
--
-- One row per calling context: a distinct path of calls from a thread's outermost
-- recorded call down to a method (calls.stack). Contexts of all threads that share a
-- path are merged. A recursion makes one context per level, so no time is counted twice:
-- a context's inclusive time is the sum of its calls' durations. Times are compensated for
-- profq's overhead (see time_by_method); the raw_ columns are as measured.
--
-- Builds on: _compensated_calls.
--
-- Columns:
--   path             VARCHAR  the signatures from the outermost call down, joined by ';'
--   depth            INTEGER  the path's length minus one (0: an outermost call)
--   method_id        BIGINT   the method at the end of the path (methods.method_id)
--   calls            BIGINT   executions of that method in that context
--   inclusive_ns     BIGINT   ns in those executions, callees included; compensated
--   self_ns          BIGINT   ns in those executions, callees excluded; compensated
--   cpu_ns           BIGINT   CPU time of those executions, callees included; compensated
--   self_cpu_ns      BIGINT   CPU time in their own code; compensated
--   wait_ns          BIGINT   time of those executions not spent on a CPU, callees included
--   raw_inclusive_ns BIGINT   inclusive_ns as measured
--   raw_self_ns      BIGINT   self_ns as measured
SELECT stack AS path,
       depth,
       method_id,
       COUNT(*) AS calls,
       SUM(inclusive_ns) AS inclusive_ns,
       SUM(self_ns) AS self_ns,
       SUM(cpu_ns) AS cpu_ns,
       SUM(self_cpu_ns) AS self_cpu_ns,
       SUM(wait_ns) AS wait_ns,
       SUM(raw_inclusive_ns) AS raw_inclusive_ns,
       SUM(raw_self_ns) AS raw_self_ns
FROM _compensated_calls
GROUP BY stack, depth, method_id
ORDER BY path
