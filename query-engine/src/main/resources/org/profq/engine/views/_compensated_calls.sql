-- _compensated_calls: calls with profq's own cost taken out.
--
-- A helper of the time views, private to them (the leading '_'): \d does not list it and the
-- view documentation leaves it out.
--
-- Overhead compensation: each recorded call and allocation costs the program the time of the
-- recorder's advice, measured at the start (run.call_cost_ns, run.allocation_cost_ns). That cost
-- lands in the calls around the event: the part of a call's cost that runs between its own two
-- clock readings (run.call_cost_inside_ns) in the call itself, the rest of it in its caller; an
-- allocation's in the call that made it. So, with c = call_cost_ns, i = call_cost_inside_ns and
-- a = allocation_cost_ns:
--   inclusive_ns = duration_ns - i - c * calls_inside - a * allocations_inside
--   self_ns      = self_ns - i - (c - i) * calls_made - a * allocations_made
-- each at least 0 (so a call's compensated self time is its compensated inclusive time less its
-- children's). The advice is CPU work, so the same is taken off the CPU times; waiting is what
-- the call did not spend on a CPU (duration minus CPU time, at least 0), which compensation
-- leaves alone.
-- Calls of profq's own pseudo-methods (methods named <profq: ...>, such as the weaving of a class
-- the call loaded) are frames of their own: is_profq says so.
--
-- Builds on: calls, run, methods, classes.
--
-- Columns:
--   call_id         BIGINT   the call (calls.call_id)
--   thread_id       BIGINT   its thread
--   method_id       BIGINT   its method
--   parent_call_id  BIGINT   the enclosing call; NULL for a thread's outermost
--   depth           INTEGER  nesting depth
--   stack           VARCHAR  its calling context
--   outermost       BOOLEAN  no enclosing call on the thread runs the same method
--   inclusive_ns    BIGINT   compensated inclusive time
--   self_ns         BIGINT   compensated self time
--   cpu_ns          BIGINT   compensated CPU time, callees included
--   self_cpu_ns     BIGINT   compensated CPU time in its own code
--   wait_ns         BIGINT   duration_ns - calls.cpu_ns, at least 0: time not on a CPU, callees included
--   self_wait_ns    BIGINT   self_ns - calls.self_cpu_ns, at least 0: time not on a CPU in its own code
--   raw_inclusive_ns BIGINT  calls.duration_ns, as measured
--   raw_self_ns     BIGINT   calls.self_ns, as measured
--   is_profq        BOOLEAN  a frame of profq's own time (a <profq: ...> pseudo-method)
WITH cost AS (
    SELECT call_cost_ns, call_cost_inside_ns, allocation_cost_ns FROM run
),
profq_methods AS (
    SELECT m.method_id
    FROM methods AS m
    JOIN classes AS k ON k.class_id = m.class_id
    WHERE k.name = '<profq>'
),
charged AS (
    SELECT c.call_id, c.thread_id, c.method_id, c.parent_call_id, c.depth, c.stack, c.outermost,
           c.duration_ns, c.self_ns, c.cpu_ns, c.self_cpu_ns, p.method_id IS NOT NULL AS is_profq,
           CAST(k.call_cost_inside_ns + k.call_cost_ns * c.calls_inside + k.allocation_cost_ns * c.allocations_inside
                AS BIGINT) AS inside_cost,
           CAST(k.call_cost_inside_ns + (k.call_cost_ns - k.call_cost_inside_ns) * c.calls_made
                + k.allocation_cost_ns * c.allocations_made AS BIGINT) AS made_cost
    FROM calls AS c
    CROSS JOIN cost AS k
    LEFT JOIN profq_methods AS p ON p.method_id = c.method_id
)
SELECT call_id, thread_id, method_id, parent_call_id, depth, stack, outermost,
       CASE WHEN duration_ns > inside_cost THEN duration_ns - inside_cost ELSE 0 END AS inclusive_ns,
       CASE WHEN self_ns > made_cost THEN self_ns - made_cost ELSE 0 END AS self_ns,
       CASE WHEN cpu_ns > inside_cost THEN cpu_ns - inside_cost ELSE 0 END AS cpu_ns,
       CASE WHEN self_cpu_ns > made_cost THEN self_cpu_ns - made_cost ELSE 0 END AS self_cpu_ns,
       CASE WHEN duration_ns > cpu_ns THEN duration_ns - cpu_ns ELSE 0 END AS wait_ns,
       CASE WHEN self_ns > self_cpu_ns THEN self_ns - self_cpu_ns ELSE 0 END AS self_wait_ns,
       duration_ns AS raw_inclusive_ns,
       self_ns AS raw_self_ns,
       is_profq
FROM charged
