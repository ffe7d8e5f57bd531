package org.profq.lang;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every form of the language with the SQL it compiles to, exactly. The grammar's
 * {@code GoldenSqlTest} checks the compiler gives this text; the engine's {@code LanguageIT}
 * (through this module's test jar) checks each SQL is valid against the live schema of real
 * recordings opened as schemas a and b, so a renamed view column breaks the build.
 */
public final class GoldenSql {
    /** Statement to SQL, in the order docs/language.md shows the forms. */
    public static final Map<String, String> CASES = new LinkedHashMap<>();

    private static void add(String statement, String sql) {
        CASES.put(statement, sql);
    }

    static {
        add("heap by method", """
                SELECT *
                FROM heap_by_method
                ORDER BY bytes DESC, method_id""");
        add("HEAP BY Method where method = '*Allocations.allocate*' and bytes > 10kb top 10", """
                SELECT *
                FROM heap_by_method
                WHERE signature LIKE '%Allocations.allocate%' AND bytes > 10240
                ORDER BY bytes DESC, method_id
                LIMIT 10""");
        add("heap by method where class = 'profq.samples.*' columns signature, objects, bytes", """
                SELECT signature, objects, bytes
                FROM heap_by_method
                WHERE method_id IN (SELECT m.method_id FROM methods AS m JOIN classes AS c ON c.class_id = m.class_id WHERE c.name LIKE 'profq.samples.%')
                ORDER BY bytes DESC, method_id""");
        add("heap by site where size >= 1kb order by bytes desc, line columns line, type_name, bytes", """
                SELECT line, type_name, bytes
                FROM heap_by_site
                WHERE bytes >= 1024
                ORDER BY bytes DESC, line""");
        add("heap by site where package = 'profq.samples.*' or not (type = '*[]')", """
                SELECT *
                FROM heap_by_site
                WHERE signature IN (SELECT m.signature FROM methods AS m JOIN classes AS c ON c.class_id = m.class_id WHERE (c.package = 'profq.samples' OR c.package LIKE 'profq.samples.%')) OR NOT (type_name LIKE '%[]')
                ORDER BY bytes DESC, site_id""");
        add("heap by class where type = '*[]' columns type_name, objects, bytes", """
                SELECT type_name, objects, bytes
                FROM heap_by_class
                WHERE type_name LIKE '%[]'
                ORDER BY bytes DESC, class_id""");
        add("heap by class where package = 'java.lang.*' and objects > 0", """
                SELECT *
                FROM heap_by_class
                WHERE class_id IN (SELECT class_id FROM classes WHERE (package = 'java.lang' OR package LIKE 'java.lang.%')) AND objects > 0
                ORDER BY bytes DESC, class_id""");
        add("lifetime by site where method = '*LazyInit.prepare*' and lifetime > 1ms columns line, type_name, tracked_objects", """
                SELECT line, type_name, tracked_objects
                FROM lifetime_by_site
                WHERE signature LIKE '%LazyInit.prepare%' AND mean_ns > 1000000
                ORDER BY allocated_objects DESC, site_id""");
        add("waste by site where lag > 100ms and drag < 10s columns type_name, tracked_objects, never_used", """
                SELECT type_name, tracked_objects, never_used
                FROM waste_by_site
                WHERE lag_ns > 100000000 AND drag_ns < 10000000000
                ORDER BY uses_observable DESC, est_bounded_waste_ns DESC, site_id""");
        add("time by method where class = 'profq.samples.*' and duration > 0ns order by calls desc columns signature, calls", """
                SELECT signature, calls
                FROM time_by_method
                WHERE method_id IN (SELECT m.method_id FROM methods AS m JOIN classes AS c ON c.class_id = m.class_id WHERE c.name LIKE 'profq.samples.%') AND inclusive_ns > 0
                ORDER BY calls DESC""");
        add("time by method where self > 100us order by self desc top 5", """
                SELECT *
                FROM time_by_method
                WHERE self_ns > 100000
                ORDER BY self_ns DESC
                LIMIT 5""");
        add("tree", """
                SELECT *
                FROM call_tree
                ORDER BY path""");
        add("tree under '*Recursion.sum(int)' where depth <= 2 columns depth, calls", """
                SELECT depth, calls
                FROM call_tree
                WHERE ';' || path || ';' LIKE '%;%Recursion.sum(int);%' AND depth <= 2
                ORDER BY path""");
        add("calls of '*Recursion.sum*' where thread = 'main' and depth > 9 columns signature, depth", """
                WITH calls_of AS (
                    SELECT c.call_id, c.thread_id, t.name AS thread, c.method_id, m.signature, c.depth, c.start_ns, c.duration_ns, c.self_ns, c.threw
                    FROM calls AS c
                    JOIN methods AS m ON m.method_id = c.method_id
                    JOIN threads AS t ON t.thread_id = c.thread_id
                    WHERE m.signature LIKE '%Recursion.sum%'
                )
                SELECT signature, depth
                FROM calls_of
                WHERE thread = 'main' AND depth > 9
                ORDER BY start_ns, call_id""");
        add("calls of 'profq.samples.my_app.Main.run()' where threw = false and duration >= 1.5ms", """
                WITH calls_of AS (
                    SELECT c.call_id, c.thread_id, t.name AS thread, c.method_id, m.signature, c.depth, c.start_ns, c.duration_ns, c.self_ns, c.threw
                    FROM calls AS c
                    JOIN methods AS m ON m.method_id = c.method_id
                    JOIN threads AS t ON t.thread_id = c.thread_id
                    WHERE m.signature = 'profq.samples.my_app.Main.run()'
                )
                SELECT *
                FROM calls_of
                WHERE threw = FALSE AND duration_ns >= 1500000
                ORDER BY start_ns, call_id""");
        add("exceptions by site where type = 'java.lang.Illegal*' columns signature, type_name, throws", """
                SELECT signature, type_name, throws
                FROM exceptions_by_site
                WHERE type_name LIKE 'java.lang.Illegal%'
                ORDER BY throws DESC, signature, line""");
        add("exceptions by site where method != '*_parse*';", """
                SELECT *
                FROM exceptions_by_site
                WHERE signature NOT LIKE '%\\_parse%' ESCAPE '\\'
                ORDER BY throws DESC, signature, line""");
        add("values of '*RepeatedArguments.square*'", """
                SELECT *
                FROM value_profile
                WHERE signature LIKE '%RepeatedArguments.square%'
                ORDER BY calls DESC, method_id, equality""");
        add("values of '*' where equality = 'MT+R/M' and share >= 0.5 and calls > 10 top 5 columns signature, calls, top3_share", """
                SELECT signature, calls, top3_share
                FROM value_profile
                WHERE signature LIKE '%' AND equality = 'MT+R/M' AND top3_share >= 0.5 AND calls > 10
                ORDER BY calls DESC, method_id, equality
                LIMIT 5""");
        add("values of '*' compare a with b columns signature, equality, a_calls, b_calls, diff_calls", """
                WITH left_side AS (
                    SELECT signature, equality, SUM(calls) AS calls
                    FROM a.value_profile
                    GROUP BY signature, equality
                ),
                right_side AS (
                    SELECT signature, equality, SUM(calls) AS calls
                    FROM b.value_profile
                    GROUP BY signature, equality
                ),
                compared AS (
                    SELECT COALESCE(left_side.signature, right_side.signature) AS signature,
                           COALESCE(left_side.equality, right_side.equality) AS equality,
                           left_side.calls AS a_calls,
                           CAST(left_side.calls AS DOUBLE) / NULLIF(SUM(left_side.calls) OVER (), 0) AS a_share,
                           right_side.calls AS b_calls,
                           CAST(right_side.calls AS DOUBLE) / NULLIF(SUM(right_side.calls) OVER (), 0) AS b_share,
                           COALESCE(right_side.calls, 0) - COALESCE(left_side.calls, 0) AS diff_calls,
                           CAST(right_side.calls AS DOUBLE) / NULLIF(left_side.calls, 0) AS ratio
                    FROM left_side
                    FULL JOIN right_side ON left_side.signature IS NOT DISTINCT FROM right_side.signature AND left_side.equality IS NOT DISTINCT FROM right_side.equality
                )
                SELECT signature, equality, a_calls, b_calls, diff_calls
                FROM compared
                ORDER BY ABS(diff_calls) DESC, signature, equality""");
        add("heap by method compare a with b columns signature, a_bytes, b_bytes, diff_bytes, ratio", """
                WITH left_side AS (
                    SELECT signature, SUM(bytes) AS bytes
                    FROM a.heap_by_method
                    GROUP BY signature
                ),
                right_side AS (
                    SELECT signature, SUM(bytes) AS bytes
                    FROM b.heap_by_method
                    GROUP BY signature
                ),
                compared AS (
                    SELECT COALESCE(left_side.signature, right_side.signature) AS signature,
                           left_side.bytes AS a_bytes,
                           CAST(left_side.bytes AS DOUBLE) / NULLIF(SUM(left_side.bytes) OVER (), 0) AS a_share,
                           right_side.bytes AS b_bytes,
                           CAST(right_side.bytes AS DOUBLE) / NULLIF(SUM(right_side.bytes) OVER (), 0) AS b_share,
                           COALESCE(right_side.bytes, 0) - COALESCE(left_side.bytes, 0) AS diff_bytes,
                           CAST(right_side.bytes AS DOUBLE) / NULLIF(left_side.bytes, 0) AS ratio
                    FROM left_side
                    FULL JOIN right_side ON left_side.signature IS NOT DISTINCT FROM right_side.signature
                )
                SELECT signature, a_bytes, b_bytes, diff_bytes, ratio
                FROM compared
                ORDER BY ABS(diff_bytes) DESC, signature""");
        add("heap by site compare a with b where class = 'profq.*' order by ratio desc top 3", """
                WITH left_side AS (
                    SELECT signature, line, type_name, SUM(bytes) AS bytes
                    FROM a.heap_by_site
                    WHERE signature IN (SELECT m.signature FROM a.methods AS m JOIN a.classes AS c ON c.class_id = m.class_id WHERE c.name LIKE 'profq.%')
                    GROUP BY signature, line, type_name
                ),
                right_side AS (
                    SELECT signature, line, type_name, SUM(bytes) AS bytes
                    FROM b.heap_by_site
                    WHERE signature IN (SELECT m.signature FROM b.methods AS m JOIN b.classes AS c ON c.class_id = m.class_id WHERE c.name LIKE 'profq.%')
                    GROUP BY signature, line, type_name
                ),
                compared AS (
                    SELECT COALESCE(left_side.signature, right_side.signature) AS signature,
                           COALESCE(left_side.line, right_side.line) AS line,
                           COALESCE(left_side.type_name, right_side.type_name) AS type_name,
                           left_side.bytes AS a_bytes,
                           CAST(left_side.bytes AS DOUBLE) / NULLIF(SUM(left_side.bytes) OVER (), 0) AS a_share,
                           right_side.bytes AS b_bytes,
                           CAST(right_side.bytes AS DOUBLE) / NULLIF(SUM(right_side.bytes) OVER (), 0) AS b_share,
                           COALESCE(right_side.bytes, 0) - COALESCE(left_side.bytes, 0) AS diff_bytes,
                           CAST(right_side.bytes AS DOUBLE) / NULLIF(left_side.bytes, 0) AS ratio
                    FROM left_side
                    FULL JOIN right_side ON left_side.signature IS NOT DISTINCT FROM right_side.signature AND left_side.line IS NOT DISTINCT FROM right_side.line AND left_side.type_name IS NOT DISTINCT FROM right_side.type_name
                )
                SELECT *
                FROM compared
                ORDER BY ratio DESC
                LIMIT 3""");
        add("time by method compare a with b where duration > 1us top 1", """
                WITH left_side AS (
                    SELECT signature, SUM(inclusive_ns) AS inclusive_ns
                    FROM a.time_by_method
                    WHERE inclusive_ns > 1000
                    GROUP BY signature
                ),
                right_side AS (
                    SELECT signature, SUM(inclusive_ns) AS inclusive_ns
                    FROM b.time_by_method
                    WHERE inclusive_ns > 1000
                    GROUP BY signature
                ),
                compared AS (
                    SELECT COALESCE(left_side.signature, right_side.signature) AS signature,
                           left_side.inclusive_ns AS a_inclusive_ns,
                           CAST(left_side.inclusive_ns AS DOUBLE) / NULLIF(SUM(left_side.inclusive_ns) OVER (), 0) AS a_share,
                           right_side.inclusive_ns AS b_inclusive_ns,
                           CAST(right_side.inclusive_ns AS DOUBLE) / NULLIF(SUM(right_side.inclusive_ns) OVER (), 0) AS b_share,
                           COALESCE(right_side.inclusive_ns, 0) - COALESCE(left_side.inclusive_ns, 0) AS diff_inclusive_ns,
                           CAST(right_side.inclusive_ns AS DOUBLE) / NULLIF(left_side.inclusive_ns, 0) AS ratio
                    FROM left_side
                    FULL JOIN right_side ON left_side.signature IS NOT DISTINCT FROM right_side.signature
                )
                SELECT *
                FROM compared
                ORDER BY ABS(diff_inclusive_ns) DESC, signature
                LIMIT 1""");
        // A thread filter: the view's own SQL inlined over the rows of the threads named.
        add("heap by method where thread = 'worker-3' columns signature, objects, bytes, share", """
                WITH thread_allocations AS (
                    SELECT *
                    FROM allocations
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'worker-3')
                ),
                _allocations_by_site AS (
                    SELECT site_id,
                           COUNT(*) AS objects,
                           SUM(size_bytes) AS bytes,
                           COUNT(CASE WHEN tracked THEN 1 END) AS tracked_objects
                    FROM thread_allocations
                    GROUP BY site_id
                ),
                heap_by_method AS (
                    WITH per_method AS (
                        SELECT s.method_id,
                               SUM(p.objects) AS objects,
                               SUM(p.bytes) AS bytes
                        FROM _allocations_by_site AS p
                        JOIN sites AS s ON s.site_id = p.site_id
                        GROUP BY s.method_id
                    )
                    SELECT p.method_id,
                           m.signature AS signature,
                           p.objects,
                           p.bytes,
                           CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
                    FROM per_method AS p
                    LEFT JOIN methods AS m ON m.method_id = p.method_id
                    ORDER BY p.bytes DESC, p.method_id
                )
                SELECT signature, objects, bytes, share
                FROM heap_by_method
                ORDER BY bytes DESC, method_id""");
        add("heap by site where thread = 'worker-*' and type = '*Counter' columns type_name, objects, share", """
                WITH thread_allocations AS (
                    SELECT *
                    FROM allocations
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name LIKE 'worker-%')
                ),
                _allocations_by_site AS (
                    SELECT site_id,
                           COUNT(*) AS objects,
                           SUM(size_bytes) AS bytes,
                           COUNT(CASE WHEN tracked THEN 1 END) AS tracked_objects
                    FROM thread_allocations
                    GROUP BY site_id
                ),
                heap_by_site AS (
                    SELECT p.site_id,
                           n.signature,
                           n.line,
                           n.type_name,
                           p.objects,
                           p.bytes,
                           CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
                    FROM _allocations_by_site AS p
                    JOIN _site_names AS n ON n.site_id = p.site_id
                    ORDER BY p.bytes DESC, p.site_id
                )
                SELECT type_name, objects, share
                FROM heap_by_site
                WHERE type_name LIKE '%Counter'
                ORDER BY bytes DESC, site_id""");
        add("heap by class where (thread = 'worker-1' or thread = 'worker-2') and type = '*Counter' columns type_name, objects, share", """
                WITH thread_allocations AS (
                    SELECT *
                    FROM allocations
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE (name = 'worker-1' OR name = 'worker-2'))
                ),
                heap_by_class AS (
                    WITH per_class AS (
                        SELECT class_id,
                               COUNT(*) AS objects,
                               SUM(size_bytes) AS bytes
                        FROM thread_allocations
                        GROUP BY class_id
                    )
                    SELECT p.class_id,
                           c.name AS type_name,
                           p.objects,
                           p.bytes,
                           CAST(p.bytes AS DOUBLE) / NULLIF(SUM(p.bytes) OVER (), 0) AS share
                    FROM per_class AS p
                    LEFT JOIN classes AS c ON c.class_id = p.class_id
                    ORDER BY p.bytes DESC, p.class_id
                )
                SELECT type_name, objects, share
                FROM heap_by_class
                WHERE type_name LIKE '%Counter'
                ORDER BY bytes DESC, class_id""");
        add("lifetime by site where thread = 'worker-3' columns type_name, tracked_objects", """
                WITH thread_allocations AS (
                    SELECT *
                    FROM allocations
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'worker-3')
                ),
                lifetimes AS (
                    SELECT a.object_id,
                           a.site_id,
                           a.class_id,
                           a.alloc_ns,
                           d.death_ns,
                           d.death_ns - a.alloc_ns AS lifetime_ns,
                           d.at_exit,
                           d.reachable_at_exit,
                           CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns ELSE a.alloc_ns END AS died_by_ns,
                           CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns - a.alloc_ns ELSE 0 END AS lifetime_max_ns,
                           CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns
                                WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns ELSE a.alloc_ns END AS died_after_ns,
                           CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns - a.alloc_ns
                                WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns - a.alloc_ns ELSE 0 END AS lifetime_min_ns
                    FROM thread_allocations AS a
                    JOIN deaths AS d ON d.object_id = a.object_id
                    WHERE a.tracked
                ),
                _allocations_by_site AS (
                    SELECT site_id,
                           COUNT(*) AS objects,
                           SUM(size_bytes) AS bytes,
                           COUNT(CASE WHEN tracked THEN 1 END) AS tracked_objects
                    FROM thread_allocations
                    GROUP BY site_id
                ),
                _site_sampling AS (
                    SELECT a.site_id,
                           a.objects AS allocated_objects,
                           a.tracked_objects,
                           CAST(a.objects AS DOUBLE) / a.tracked_objects AS scale,
                           NOT s.is_array AND NOT EXISTS (SELECT 1 FROM unwoven_classes AS u WHERE u.name = c.name) AS uses_observable
                    FROM _allocations_by_site AS a
                    JOIN sites AS s ON s.site_id = a.site_id
                    LEFT JOIN classes AS c ON c.class_id = s.class_id
                    WHERE a.tracked_objects > 0
                ),
                lifetime_by_site AS (
                    WITH lives AS (
                        SELECT site_id, lifetime_ns, lifetime_max_ns, lifetime_min_ns, at_exit, reachable_at_exit,
                               ROW_NUMBER() OVER (PARTITION BY site_id ORDER BY lifetime_ns) AS rank_in_site,
                               COUNT(*) OVER (PARTITION BY site_id) AS site_objects
                        FROM lifetimes
                    )
                    -- PERCENTILE_DISC(p) is the lifetime at rank CEIL(p * n) of the site's n, in ascending order
                    -- (written out because Calcite's enumerable convention cannot implement PERCENTILE_DISC).
                    SELECT l.site_id,
                           n.signature,
                           n.line,
                           n.type_name,
                           p.allocated_objects,
                           COUNT(*) AS tracked_objects,
                           COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS NOT FALSE THEN 1 END) AS alive_at_exit,
                           COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS FALSE THEN 1 END) AS unreachable_at_exit,
                           CAST(ROUND(COUNT(CASE WHEN l.at_exit AND l.reachable_at_exit IS NOT FALSE THEN 1 END) * p.scale) AS BIGINT)
                               AS est_alive_at_exit,
                           AVG(CAST(l.lifetime_ns AS DOUBLE)) AS mean_ns,
                           CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.5 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p50_ns,
                           CAST(MIN(CASE WHEN l.rank_in_site >= CEIL(0.9 * l.site_objects) THEN l.lifetime_ns END) AS BIGINT) AS p90_ns,
                           MAX(l.lifetime_ns) AS max_ns,
                           AVG(CAST(l.lifetime_max_ns AS DOUBLE)) AS mean_max_ns,
                           AVG(CAST(l.lifetime_min_ns AS DOUBLE)) AS mean_min_ns
                    FROM lives AS l
                    JOIN _site_names AS n ON n.site_id = l.site_id
                    JOIN _site_sampling AS p ON p.site_id = l.site_id
                    GROUP BY l.site_id, n.signature, n.line, n.type_name, p.allocated_objects, p.scale
                    ORDER BY allocated_objects DESC, l.site_id
                )
                SELECT type_name, tracked_objects
                FROM lifetime_by_site
                ORDER BY allocated_objects DESC, site_id""");
        add("waste by site where thread = 'worker-3' and tracked_objects > 1 columns type_name, tracked_objects, never_used", """
                WITH thread_allocations AS (
                    SELECT *
                    FROM allocations
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'worker-3')
                ),
                lifetimes AS (
                    SELECT a.object_id,
                           a.site_id,
                           a.class_id,
                           a.alloc_ns,
                           d.death_ns,
                           d.death_ns - a.alloc_ns AS lifetime_ns,
                           d.at_exit,
                           d.reachable_at_exit,
                           CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns ELSE a.alloc_ns END AS died_by_ns,
                           CASE WHEN d.died_by_ns > a.alloc_ns THEN d.died_by_ns - a.alloc_ns ELSE 0 END AS lifetime_max_ns,
                           CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns
                                WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns ELSE a.alloc_ns END AS died_after_ns,
                           CASE WHEN d.at_exit AND d.reachable_at_exit THEN d.death_ns - a.alloc_ns
                                WHEN d.died_after_ns > a.alloc_ns THEN d.died_after_ns - a.alloc_ns ELSE 0 END AS lifetime_min_ns
                    FROM thread_allocations AS a
                    JOIN deaths AS d ON d.object_id = a.object_id
                    WHERE a.tracked
                ),
                _allocations_by_site AS (
                    SELECT site_id,
                           COUNT(*) AS objects,
                           SUM(size_bytes) AS bytes,
                           COUNT(CASE WHEN tracked THEN 1 END) AS tracked_objects
                    FROM thread_allocations
                    GROUP BY site_id
                ),
                _site_sampling AS (
                    SELECT a.site_id,
                           a.objects AS allocated_objects,
                           a.tracked_objects,
                           CAST(a.objects AS DOUBLE) / a.tracked_objects AS scale,
                           NOT s.is_array AND NOT EXISTS (SELECT 1 FROM unwoven_classes AS u WHERE u.name = c.name) AS uses_observable
                    FROM _allocations_by_site AS a
                    JOIN sites AS s ON s.site_id = a.site_id
                    LEFT JOIN classes AS c ON c.class_id = s.class_id
                    WHERE a.tracked_objects > 0
                ),
                waste AS (
                    WITH used AS (
                        SELECT object_id, COUNT(*) AS uses, MIN(use_ns) AS first_use_ns, MAX(use_ns) AS last_use_ns
                        FROM uses
                        GROUP BY object_id
                    ),
                    bounded AS (
                        SELECT l.object_id, l.site_id, l.class_id, p.uses_observable, u.object_id AS used_object_id, u.uses,
                               u.first_use_ns, u.last_use_ns, l.alloc_ns, l.death_ns, l.at_exit, l.reachable_at_exit, l.lifetime_ns,
                               l.died_by_ns AS found_by_ns,
                               CASE WHEN p.uses_observable AND u.last_use_ns > l.died_after_ns THEN u.last_use_ns ELSE l.died_after_ns END AS died_after_ns
                        FROM lifetimes AS l
                        JOIN _site_sampling AS p ON p.site_id = l.site_id
                        LEFT JOIN used AS u ON u.object_id = l.object_id
                    )
                    SELECT object_id,
                           site_id,
                           class_id,
                           uses_observable,
                           COALESCE(uses, 0) AS uses,
                           alloc_ns,
                           first_use_ns,
                           last_use_ns,
                           death_ns,
                           at_exit,
                           reachable_at_exit,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN lifetime_ns ELSE first_use_ns - alloc_ns END AS lag_ns,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN 0 ELSE last_use_ns - first_use_ns END AS use_ns,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN 0 ELSE death_ns - last_use_ns END AS drag_ns,
                           lifetime_ns,
                           died_after_ns,
                           CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END AS died_by_ns,
                           died_after_ns - alloc_ns AS lifetime_min_ns,
                           CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END - alloc_ns AS lifetime_max_ns,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN 0
                                ELSE CASE WHEN found_by_ns > died_after_ns THEN found_by_ns ELSE died_after_ns END - last_use_ns END AS drag_max_ns,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN died_after_ns - alloc_ns ELSE first_use_ns - alloc_ns END AS lag_min_ns,
                           CASE WHEN NOT uses_observable THEN NULL
                                WHEN used_object_id IS NULL THEN 0 ELSE died_after_ns - last_use_ns END AS drag_min_ns
                    FROM bounded
                ),
                waste_by_site AS (
                    SELECT w.site_id,
                           n.signature,
                           n.line,
                           n.type_name,
                           p.uses_observable,
                           p.allocated_objects,
                           COUNT(*) AS tracked_objects,
                           CASE WHEN p.uses_observable THEN COUNT(CASE WHEN w.uses = 0 THEN 1 END) END AS never_used,
                           COUNT(CASE WHEN w.at_exit AND w.reachable_at_exit IS NOT FALSE THEN 1 END) AS alive_at_exit,
                           COUNT(CASE WHEN w.at_exit AND w.reachable_at_exit IS FALSE THEN 1 END) AS unreachable_at_exit,
                           SUM(w.lag_ns) AS lag_ns,
                           SUM(w.use_ns) AS use_ns,
                           SUM(w.drag_ns) AS drag_ns,
                           SUM(w.lifetime_ns) AS lifetime_ns,
                           SUM(w.lag_ns + w.drag_ns) AS waste_ns,
                           CAST(ROUND(SUM(w.lag_ns) * p.scale) AS BIGINT) AS est_lag_ns,
                           CAST(ROUND(SUM(w.drag_ns) * p.scale) AS BIGINT) AS est_drag_ns,
                           CAST(ROUND(SUM(w.lag_ns + w.drag_ns) * p.scale) AS BIGINT) AS est_waste_ns,
                           CAST(ROUND(SUM(w.lifetime_ns) * p.scale) AS BIGINT) AS est_lifetime_ns,
                           CAST(SUM(w.lag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS lag_share,
                           CAST(SUM(w.drag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS drag_share,
                           CAST(SUM(w.lag_min_ns + w.drag_min_ns) AS DOUBLE) / NULLIF(SUM(w.lifetime_min_ns), 0) AS waste_share,
                           SUM(w.drag_max_ns) AS drag_max_ns,
                           CAST(ROUND(SUM(w.drag_max_ns) * p.scale) AS BIGINT) AS est_drag_max_ns,
                           SUM(w.lag_min_ns) AS lag_min_ns,
                           SUM(w.drag_min_ns) AS drag_min_ns,
                           SUM(w.lifetime_min_ns) AS lifetime_min_ns,
                           CAST(ROUND(SUM(w.lag_min_ns) * p.scale) AS BIGINT) AS est_lag_min_ns,
                           CAST(ROUND(SUM(w.drag_min_ns) * p.scale) AS BIGINT) AS est_drag_min_ns,
                           CAST(ROUND(SUM(w.lag_min_ns + w.drag_min_ns) * p.scale) AS BIGINT) AS est_bounded_waste_ns
                    FROM waste AS w
                    JOIN _site_names AS n ON n.site_id = w.site_id
                    JOIN _site_sampling AS p ON p.site_id = w.site_id
                    GROUP BY w.site_id, n.signature, n.line, n.type_name, p.uses_observable, p.allocated_objects, p.scale
                    ORDER BY uses_observable DESC, est_bounded_waste_ns DESC, site_id
                )
                SELECT type_name, tracked_objects, never_used
                FROM waste_by_site
                WHERE tracked_objects > 1
                ORDER BY uses_observable DESC, est_bounded_waste_ns DESC, site_id""");
        add("time by method where class = 'profq.samples.*' and thread = 'worker-3' columns signature, calls", """
                WITH thread_call_times AS (
                    SELECT *
                    FROM _call_times
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'worker-3')
                ),
                _compensated_calls AS (
                    SELECT call_id, thread_id, method_id, parent_call_id, depth, stack, outermost,
                           inclusive_ns, self_ns, cpu_ns, self_cpu_ns, wait_ns, self_wait_ns,
                           raw_inclusive_ns, raw_self_ns
                    FROM thread_call_times
                ),
                time_by_method AS (
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
                )
                SELECT signature, calls
                FROM time_by_method
                WHERE method_id IN (SELECT m.method_id FROM methods AS m JOIN classes AS c ON c.class_id = m.class_id WHERE c.name LIKE 'profq.samples.%')
                ORDER BY self_cpu_ns DESC, cpu_ns DESC, method_id""");
        add("tree under '*Threads.run(int)' where thread = 'worker-3' columns depth, calls", """
                WITH thread_call_times AS (
                    SELECT *
                    FROM _call_times
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'worker-3')
                ),
                _compensated_calls AS (
                    SELECT call_id, thread_id, method_id, parent_call_id, depth, stack, outermost,
                           inclusive_ns, self_ns, cpu_ns, self_cpu_ns, wait_ns, self_wait_ns,
                           raw_inclusive_ns, raw_self_ns
                    FROM thread_call_times
                ),
                call_tree AS (
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
                )
                SELECT depth, calls
                FROM call_tree
                WHERE ';' || path || ';' LIKE '%;%Threads.run(int);%'
                ORDER BY path""");
        add("exceptions by site where thread = 'main' columns signature, type_name, throws", """
                WITH thread_exceptions AS (
                    SELECT *
                    FROM exceptions
                    WHERE thread_id IN (SELECT thread_id FROM threads WHERE name = 'main')
                ),
                exceptions_by_site AS (
                    SELECT m.signature AS signature,
                           e.line,
                           c.name AS type_name,
                           COUNT(*) AS throws,
                           MIN(e.throw_ns) AS first_ns,
                           MAX(e.throw_ns) AS last_ns
                    FROM thread_exceptions AS e
                    LEFT JOIN calls AS k ON k.call_id = e.call_id
                    LEFT JOIN methods AS m ON m.method_id = k.method_id
                    JOIN classes AS c ON c.class_id = e.class_id
                    GROUP BY m.signature, e.line, c.name
                    ORDER BY throws DESC, signature, e.line
                )
                SELECT signature, type_name, throws
                FROM exceptions_by_site
                ORDER BY throws DESC, signature, line""");
        add("heap by method where method = :method and bytes > :min kb top :n", """
                SELECT *
                FROM heap_by_method
                WHERE glob(signature, CAST(:method AS VARCHAR)) AND bytes > CAST(:min AS DOUBLE) * 1024
                ORDER BY bytes DESC, method_id
                LIMIT :n""");
        add("heap by class where package = :pkg and objects > 0", """
                SELECT *
                FROM heap_by_class
                WHERE class_id IN (SELECT class_id FROM classes WHERE package_glob(package, CAST(:pkg AS VARCHAR))) AND objects > 0
                ORDER BY bytes DESC, class_id""");
        add("tree under :method where depth <= 2 columns depth, calls", """
                SELECT depth, calls
                FROM call_tree
                WHERE glob(';' || path || ';', '*;' || CAST(:method AS VARCHAR) || ';*') AND depth <= 2
                ORDER BY path""");
        add("calls of ? where duration > ? ms", """
                WITH calls_of AS (
                    SELECT c.call_id, c.thread_id, t.name AS thread, c.method_id, m.signature, c.depth, c.start_ns, c.duration_ns, c.self_ns, c.threw
                    FROM calls AS c
                    JOIN methods AS m ON m.method_id = c.method_id
                    JOIN threads AS t ON t.thread_id = c.thread_id
                    WHERE glob(m.signature, CAST(? AS VARCHAR))
                )
                SELECT *
                FROM calls_of
                WHERE duration_ns > CAST(? AS DOUBLE) * 1000000
                ORDER BY start_ns, call_id""");
    }

    private GoldenSql() {
    }
}
