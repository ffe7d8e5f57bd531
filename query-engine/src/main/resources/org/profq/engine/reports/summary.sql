-- summary: what happened in this run, in a few figures?
--
-- The program, how long it ran, its threads, events and losses, how many calls and
-- allocations were recorded, and the methods at the top of the time and heap profiles.
--
-- Needs: calls, allocations
--
-- Columns:
--   metric  VARCHAR  what is measured
--   figure  VARCHAR  its value (a count, ns or bytes, as the metric says; time and bytes formatted
--                    for people, 1.5 s and 30.6 KiB, and plain numbers in CSV and JSON)
WITH figures (sort_key, metric, figure) AS (
    SELECT 1, CAST('program' AS VARCHAR), main_class FROM run
    UNION ALL SELECT 2, 'duration_ns', CAST(fmt_ns(duration_ns) AS VARCHAR) FROM run
    UNION ALL SELECT 3, 'threads', CAST(COUNT(*) AS VARCHAR) FROM threads
    UNION ALL SELECT 4, 'events', CAST(events AS VARCHAR) FROM run
    UNION ALL SELECT 5, 'events_lost', COALESCE(CAST(events_lost AS VARCHAR),
              'unknown (no end record), at least ' || CAST(events_lost_at_least AS VARCHAR)) FROM run
    UNION ALL SELECT 6, 'calls', CAST(COUNT(*) AS VARCHAR) FROM calls
    UNION ALL SELECT 7, 'methods_called', CAST(COUNT(DISTINCT method_id) AS VARCHAR) FROM calls
    UNION ALL SELECT 8, 'objects_allocated', CAST(COUNT(*) AS VARCHAR) FROM allocations
    UNION ALL SELECT 9, 'bytes_allocated', CAST(fmt_bytes(COALESCE(SUM(size_bytes), 0)) AS VARCHAR) FROM allocations
    UNION ALL SELECT 10, 'most_self_time', (SELECT signature FROM time_by_method WHERE NOT is_profq ORDER BY self_cpu_ns DESC, self_ns DESC, method_id LIMIT 1)
              FROM run
    UNION ALL SELECT 11, 'most_bytes_allocated', (SELECT signature FROM heap_by_method LIMIT 1) FROM run
)
SELECT metric, figure
FROM figures
ORDER BY sort_key
