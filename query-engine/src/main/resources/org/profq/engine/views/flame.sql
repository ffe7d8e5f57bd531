-- flame: collapsed stacks, the input format of flame-graph tools.
--
-- One row per calling context that spent time in its own code: the path of calls and the
-- self time spent at its end (a context whose measured time compensation takes to 0 stays, at 0). The `collapsed` column is the line flamegraph.pl,
-- speedscope and similar tools read ("a;b;c 1234"). Widths are nanoseconds of self time,
-- compensated for profq's overhead (see time_by_method), so the widths of a frame's children
-- never exceed its own; self_cpu_ns and self_wait_ns weigh the same stacks by CPU time or by
-- waiting instead (profq flame --weight=cpu|wait). profq's own time is a frame of its own,
-- <profq: weaving>, under the call that loaded the class.
--
-- Builds on: _compensated_calls.
--
-- Columns:
--   stack         VARCHAR  the signatures from the outermost call down, joined by ';'
--   self_ns       BIGINT   ns spent in the last frame's own code in that context; compensated
--   collapsed     VARCHAR  stack, a space, and self_ns: one line of a collapsed-stacks file
--   self_cpu_ns   BIGINT   CPU time in the last frame's own code; compensated
--   self_wait_ns  BIGINT   time in the last frame's own code not spent on a CPU
--   raw_self_ns   BIGINT   self_ns as measured
WITH per_stack AS (
    SELECT stack,
           SUM(self_ns) AS self_ns,
           SUM(self_cpu_ns) AS self_cpu_ns,
           SUM(self_wait_ns) AS self_wait_ns,
           SUM(raw_self_ns) AS raw_self_ns
    FROM _compensated_calls
    GROUP BY stack
)
SELECT stack,
       self_ns,
       stack || ' ' || CAST(self_ns AS VARCHAR) AS collapsed,
       self_cpu_ns,
       self_wait_ns,
       raw_self_ns
FROM per_stack
WHERE self_ns > 0 OR self_cpu_ns > 0 OR self_wait_ns > 0 OR raw_self_ns > 0
ORDER BY stack
