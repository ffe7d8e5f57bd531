-- flame: collapsed stacks, the input format of flame-graph tools.
--
-- One row per calling context that spent time in its own code: the path of calls and the
-- self time spent at its end. The `collapsed` column is the line flamegraph.pl,
-- speedscope and similar tools read ("a;b;c 1234"). Widths are nanoseconds of self time,
-- so the widths of a frame's children never exceed its own.
--
-- Builds on: calls.
--
-- Columns:
--   stack      VARCHAR  the signatures from the outermost call down, joined by ';'
--   self_ns    BIGINT   ns spent in the last frame's own code in that context
--   collapsed  VARCHAR  stack, a space, and self_ns: one line of a collapsed-stacks file
WITH per_stack AS (
    SELECT stack,
           SUM(self_ns) AS self_ns
    FROM calls
    GROUP BY stack
)
SELECT stack,
       self_ns,
       stack || ' ' || CAST(self_ns AS VARCHAR) AS collapsed
FROM per_stack
WHERE self_ns > 0
ORDER BY stack
