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
    /** Statement to SQL, in the order the README shows the forms. */
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
        add("lifetime by site where method = '*LazyInit.prepare*' and lifetime > 1ms columns line, type_name, objects", """
                SELECT line, type_name, objects
                FROM lifetime_by_site
                WHERE signature LIKE '%LazyInit.prepare%' AND mean_ns > 1000000
                ORDER BY objects DESC, site_id""");
        add("waste by site where lag > 100ms and drag < 10s columns type_name, objects, never_used", """
                SELECT type_name, objects, never_used
                FROM waste_by_site
                WHERE lag_ns > 100000000 AND drag_ns < 10000000000
                ORDER BY waste_ns DESC, site_id""");
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
        add("heap by method where method = :method and bytes > :min kb top :n", """
                SELECT *
                FROM heap_by_method
                WHERE signature LIKE REPLACE(REPLACE(CAST(:method AS VARCHAR), '*', '%'), '?', '_') AND bytes > CAST(:min AS DOUBLE) * 1024
                ORDER BY bytes DESC, method_id
                LIMIT :n""");
        add("calls of ? where duration > ? ms", """
                WITH calls_of AS (
                    SELECT c.call_id, c.thread_id, t.name AS thread, c.method_id, m.signature, c.depth, c.start_ns, c.duration_ns, c.self_ns, c.threw
                    FROM calls AS c
                    JOIN methods AS m ON m.method_id = c.method_id
                    JOIN threads AS t ON t.thread_id = c.thread_id
                    WHERE m.signature LIKE REPLACE(REPLACE(CAST(? AS VARCHAR), '*', '%'), '?', '_')
                )
                SELECT *
                FROM calls_of
                WHERE duration_ns > CAST(? AS DOUBLE) * 1000000
                ORDER BY start_ns, call_id""");
    }

    private GoldenSql() {
    }
}
