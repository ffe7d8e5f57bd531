-- call_tree: the calling-context tree: how often each call path ran, and how long.
--
-- One row per calling context: a distinct path of calls from a thread's outermost
-- recorded call down to a method (calls.stack). Contexts of all threads that share a
-- path are merged. A recursion makes one context per level, so no time is counted twice:
-- a context's inclusive time is the sum of its calls' durations.
--
-- Builds on: calls.
--
-- Columns:
--   path          VARCHAR  the signatures from the outermost call down, joined by ';'
--   depth         INTEGER  the path's length minus one (0: an outermost call)
--   method_id     BIGINT   the method at the end of the path (methods.method_id)
--   calls         BIGINT   executions of that method in that context
--   inclusive_ns  BIGINT   ns in those executions, callees included
--   self_ns       BIGINT   ns in those executions, callees excluded
SELECT stack AS path,
       depth,
       method_id,
       COUNT(*) AS calls,
       SUM(duration_ns) AS inclusive_ns,
       SUM(self_ns) AS self_ns
FROM calls
GROUP BY stack, depth, method_id
ORDER BY path
