-- time_by_method: where does the time go, per method?
--
-- Inclusive time counts only a method's outermost activations on each thread
-- (calls.outermost), so a recursion is counted once: for a recursive method it is the
-- time from entering the outermost call to leaving it. Self time excludes the time of
-- the recorded calls each call made.
--
-- Times are compensated for profq's overhead by default: the calibrated cost of the
-- recorder's advice for every call and allocation recorded inside a call is taken off its
-- times (docs/accuracy-and-overhead.md, "Time"); the times as measured are the raw_ columns.
-- CPU time and waiting are told apart (cpu_ns, wait_ns), and rows come hottest first by
-- CPU time in the method's own code (self_cpu_ns, then cpu_ns), so that a method that waits
-- (a blocked or sleeping thread) is not reported as hot, nor a caller (main) for its callees' work.
-- profq's own time (weaving the classes a call loaded) is a row of its own, <profq: weaving>,
-- marked is_profq, and is in no method's self time. Compensation keeps the call tree's sums
-- (_compensated_calls): a method's self time is never above its inclusive time.
--
-- Builds on: _compensated_calls, methods, classes.
--
-- Columns:
--   method_id        BIGINT   the method (methods.method_id; 0: a call the weaver could not name)
--   signature        VARCHAR  its readable signature
--   calls            BIGINT   executions, recursive ones included
--   inclusive_ns     BIGINT   ns inside the method, callees included, recursion counted once; compensated
--   self_ns          BIGINT   ns in the method's own code, callees excluded; compensated
--   mean_ns          BIGINT   inclusive_ns per outermost activation
--   max_ns           BIGINT   the longest single execution, compensated
--   share            DOUBLE   inclusive_ns / the time of all threads' outermost calls (0..1)
--   cpu_ns           BIGINT   CPU time of the outermost activations, callees included; compensated
--   self_cpu_ns      BIGINT   CPU time in the method's own code; compensated
--   wait_ns          BIGINT   time of the outermost activations not spent on a CPU (blocked, sleeping, waiting)
--   self_wait_ns     BIGINT   time in the method's own code not spent on a CPU
--   raw_inclusive_ns BIGINT   inclusive_ns as measured, profq's advice included
--   raw_self_ns      BIGINT   self_ns as measured, profq's advice included
--   is_profq         BOOLEAN  true for profq's own frames (<profq: weaving>): not the program's time
WITH per_method AS (
    SELECT method_id,
           COUNT(*) AS calls,
           SUM(CASE WHEN outermost THEN inclusive_ns ELSE 0 END) AS inclusive_ns,
           SUM(CASE WHEN outermost THEN 1 ELSE 0 END) AS activations,
           SUM(self_ns) AS self_ns,
           MAX(inclusive_ns) AS max_ns,
           SUM(CASE WHEN parent_call_id IS NULL THEN inclusive_ns ELSE 0 END) AS thread_ns,
           SUM(CASE WHEN outermost THEN cpu_ns ELSE 0 END) AS cpu_ns,
           SUM(self_cpu_ns) AS self_cpu_ns,
           SUM(CASE WHEN outermost THEN wait_ns ELSE 0 END) AS wait_ns,
           SUM(self_wait_ns) AS self_wait_ns,
           SUM(CASE WHEN outermost THEN raw_inclusive_ns ELSE 0 END) AS raw_inclusive_ns,
           SUM(raw_self_ns) AS raw_self_ns
    FROM _compensated_calls
    GROUP BY method_id
)
SELECT p.method_id,
       COALESCE(m.signature, '<unknown>') AS signature,
       p.calls,
       p.inclusive_ns,
       p.self_ns,
       p.inclusive_ns / p.activations AS mean_ns,
       p.max_ns,
       CASE WHEN p.inclusive_ns > SUM(p.thread_ns) OVER () THEN 1.0
            ELSE CAST(p.inclusive_ns AS DOUBLE) / NULLIF(SUM(p.thread_ns) OVER (), 0) END AS share,
       p.cpu_ns,
       p.self_cpu_ns,
       p.wait_ns,
       p.self_wait_ns,
       p.raw_inclusive_ns,
       p.raw_self_ns,
       COALESCE(k.name = '<profq>', FALSE) AS is_profq
FROM per_method AS p
LEFT JOIN methods AS m ON m.method_id = p.method_id
LEFT JOIN classes AS k ON k.class_id = m.class_id
ORDER BY p.self_cpu_ns DESC, p.cpu_ns DESC, p.method_id
