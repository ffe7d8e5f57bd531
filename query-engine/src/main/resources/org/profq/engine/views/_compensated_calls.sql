-- _compensated_calls: calls with profq's own cost taken out.
--
-- A helper of the time views, private to them (the leading '_'): \d does not list it and the
-- view documentation leaves it out.
--
-- Overhead compensation: each recorded call and allocation costs the program the time of the
-- recorder's advice, measured at the start (run.call_cost_ns, run.allocation_cost_ns). That cost
-- lands in the calls around the event: the part of a call's cost that runs between its own two
-- clock readings (run.call_cost_inside_ns) in the call itself, the rest of it in its caller; an
-- allocation's in the call that made it. calls.overhead_ns sums it over the events inside a call,
-- calls.self_overhead_ns over those that land in its own code, so that:
--   inclusive_ns = duration_ns - overhead_ns
--   self_ns      = self_ns - self_overhead_ns
-- each at least 0. Both are columns of calls, worked out from per-call counts as they are read:
-- this is a projection of calls, so the views over it stream the calls (no join holds them).
-- The advice is CPU work, so the same is taken off the CPU times; waiting is what the call did
-- not spend on a CPU (duration minus CPU time, at least 0), which compensation leaves alone.
--
-- Builds on: calls.
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
SELECT call_id, thread_id, method_id, parent_call_id, depth, stack, outermost,
       CASE WHEN duration_ns > overhead_ns THEN duration_ns - overhead_ns ELSE 0 END AS inclusive_ns,
       CASE WHEN self_ns > self_overhead_ns THEN self_ns - self_overhead_ns ELSE 0 END AS self_ns,
       CASE WHEN cpu_ns > overhead_ns THEN cpu_ns - overhead_ns ELSE 0 END AS cpu_ns,
       CASE WHEN self_cpu_ns > self_overhead_ns THEN self_cpu_ns - self_overhead_ns ELSE 0 END AS self_cpu_ns,
       CASE WHEN duration_ns > cpu_ns THEN duration_ns - cpu_ns ELSE 0 END AS wait_ns,
       CASE WHEN self_ns > self_cpu_ns THEN self_ns - self_cpu_ns ELSE 0 END AS self_wait_ns,
       duration_ns AS raw_inclusive_ns,
       self_ns AS raw_self_ns
FROM calls
