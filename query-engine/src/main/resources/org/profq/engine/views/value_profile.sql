-- value_profile: which methods are called again and again with the same parameters?
--
-- Kamio and Masuhara's value profile, from one run recorded with --values: per value-profiled
-- method and equality, its calls, how many distinct parameter tuples they had, and how many
-- calls had each of the three most frequent tuples. A method whose top three tuples cover most
-- of its calls (top3_share near 1) is a candidate for memoisation or specialisation on them.
--
-- A tuple is the receiver (position 0) and the arguments, less the positions whose values
-- differ at every call (dropped_positions: the paper's CP.addMRef rule). Primitives, strings
-- (by hash) and enum constants are equal by value; objects by identity and stamp, under two
-- equalities (the value_tuples table works them out from field_writes):
--   MT+R    an object is the same value while nothing reachable from it is written;
--   MT+R/M  the same, counting only the fields the method's calls read (reference_fields), so
--           a write to a field the method never looks at does not make its calls differ.
-- A call whose parameters reach an object whose writes profq cannot see (an array, a JDK
-- collection, an unwoven class) is undecidable: counted in undecidable_calls, as a tuple of
-- its own, and never in the top three.
--
-- Builds on: value_tuples, methods.
--
-- Columns:
--   method_id          BIGINT   the value-profiled method (methods.method_id)
--   signature          VARCHAR  its readable signature
--   equality           VARCHAR  'MT+R' or 'MT+R/M'
--   calls              BIGINT   its calls whose parameters were recorded
--   distinct_tuples    BIGINT   distinct parameter tuples among them; each undecidable call counts as one
--   top1_calls         BIGINT   calls with the most frequent tuple
--   top2_calls         BIGINT   calls with the second most frequent; 0 if there is none
--   top3_calls         BIGINT   calls with the third most frequent; 0 if there is none
--   top3_share         DOUBLE   (top1_calls + top2_calls + top3_calls) / calls, 0..1
--   dropped_positions  VARCHAR  positions left out because their values always differ, e.g. '3,4'; '' if none
--   undecidable_calls  BIGINT   calls whose equality profq cannot decide
SELECT t.method_id,
       m.signature,
       t.equality,
       SUM(t.calls) AS calls,
       COUNT(t.tuple) + SUM(CASE WHEN t.tuple IS NULL THEN t.calls ELSE 0 END) AS distinct_tuples,
       SUM(CASE WHEN t.tuple = 1 THEN t.calls ELSE 0 END) AS top1_calls,
       SUM(CASE WHEN t.tuple = 2 THEN t.calls ELSE 0 END) AS top2_calls,
       SUM(CASE WHEN t.tuple = 3 THEN t.calls ELSE 0 END) AS top3_calls,
       CAST(SUM(CASE WHEN t.tuple <= 3 THEN t.calls ELSE 0 END) AS DOUBLE) / SUM(t.calls) AS top3_share,
       MAX(t.dropped_positions) AS dropped_positions,
       SUM(CASE WHEN t.tuple IS NULL THEN t.calls ELSE 0 END) AS undecidable_calls
FROM value_tuples AS t
JOIN methods AS m ON m.method_id = t.method_id
GROUP BY t.method_id, m.signature, t.equality
ORDER BY t.method_id, t.equality
