-- time_by_method: where does the time go, per method?
--
-- Inclusive time counts only a method's outermost activations on each thread
-- (calls.outermost), so a recursion is counted once: for a recursive method it is the
-- time from entering the outermost call to leaving it. Self time excludes the time of
-- the recorded calls each call made.
--
-- Builds on: calls, methods.
--
-- Columns:
--   method_id     BIGINT   the method (methods.method_id; 0: a call the weaver could not name)
--   signature     VARCHAR  its readable signature
--   calls         BIGINT   executions, recursive ones included
--   inclusive_ns  BIGINT   ns inside the method, callees included, recursion counted once
--   self_ns       BIGINT   ns in the method's own code, callees excluded
--   mean_ns       BIGINT   inclusive_ns per outermost activation
--   max_ns        BIGINT   the longest single execution
--   share         DOUBLE   inclusive_ns / the time of all threads' outermost calls (0..1)
WITH per_method AS (
    SELECT method_id,
           COUNT(*) AS calls,
           SUM(CASE WHEN outermost THEN duration_ns ELSE 0 END) AS inclusive_ns,
           SUM(CASE WHEN outermost THEN 1 ELSE 0 END) AS activations,
           SUM(self_ns) AS self_ns,
           MAX(duration_ns) AS max_ns,
           SUM(CASE WHEN parent_call_id IS NULL THEN duration_ns ELSE 0 END) AS thread_ns
    FROM calls
    GROUP BY method_id
)
SELECT p.method_id,
       COALESCE(m.signature, '<unknown>') AS signature,
       p.calls,
       p.inclusive_ns,
       p.self_ns,
       p.inclusive_ns / p.activations AS mean_ns,
       p.max_ns,
       CAST(p.inclusive_ns AS DOUBLE) / NULLIF(SUM(p.thread_ns) OVER (), 0) AS share
FROM per_method AS p
LEFT JOIN methods AS m ON m.method_id = p.method_id
ORDER BY p.inclusive_ns DESC, p.method_id
