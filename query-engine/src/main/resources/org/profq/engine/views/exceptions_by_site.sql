-- exceptions_by_site: where are exceptions thrown, and how often?
--
-- One row per throw site: the method and line where an exception was first seen (thrown out
-- of, or caught in, a recorded call) and the exception's class.
--
-- Builds on: exceptions, calls, methods, classes.
--
-- Columns:
--   signature   VARCHAR  the readable signature of the method; NULL outside any recorded call
--   line        INTEGER  the line in that method; 0 if unknown
--   type_name   VARCHAR  the exception's class
--   throws      BIGINT   how many times
--   first_ns    BIGINT   the first time, ns since the recording started
--   last_ns     BIGINT   the last time
SELECT m.signature AS signature,
       e.line,
       c.name AS type_name,
       COUNT(*) AS throws,
       MIN(e.throw_ns) AS first_ns,
       MAX(e.throw_ns) AS last_ns
FROM exceptions AS e
LEFT JOIN calls AS k ON k.call_id = e.call_id
LEFT JOIN methods AS m ON m.method_id = k.method_id
JOIN classes AS c ON c.class_id = e.class_id
GROUP BY m.signature, e.line, c.name
ORDER BY throws DESC, signature, e.line
