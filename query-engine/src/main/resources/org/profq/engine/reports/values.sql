-- values: which methods are called with the same parameters most of the time?
--
-- The most promising candidates for memoisation or specialisation (record with
-- --values=PATTERN): the value-profiled methods whose three most frequent parameter tuples
-- cover the largest share of their calls, under per-method equality (MT+R/M: a write to a field
-- the method never reads does not count), with the share under MT+R beside it: the rows of
-- the value_profile view. Methods with fewer calls than min_calls are left out (two calls
-- always make a share of 1).
--
-- Needs: values
--
-- Parameters:
--   top        BIGINT  10  how many methods to show
--   min_calls  BIGINT  10  the fewest calls a method needs to be shown
--
-- Columns:
--   signature          VARCHAR  the method
--   calls              BIGINT   its value-profiled calls
--   distinct_tuples    BIGINT   distinct parameter tuples (MT+R/M)
--   top3_share         DOUBLE   share of calls with one of the three most frequent tuples (MT+R/M)
--   top1_calls         BIGINT   calls with the most frequent tuple
--   top2_calls         BIGINT   with the second
--   top3_calls         BIGINT   with the third
--   mt_r_top3_share    DOUBLE   top3_share when any write to what a parameter reaches counts (MT+R)
--   dropped_positions  VARCHAR  positions left out because their values always differ
--   undecidable_calls  BIGINT   calls whose equality profq cannot decide (MT+R/M)
--
-- Chart: top3_share by signature
WITH ranked AS (
    SELECT p.signature, p.calls, p.distinct_tuples, p.top3_share, p.top1_calls, p.top2_calls, p.top3_calls,
           w.top3_share AS mt_r_top3_share, p.dropped_positions, p.undecidable_calls,
           ROW_NUMBER() OVER (ORDER BY p.top3_share DESC, p.calls DESC, p.method_id) AS rank_by_share
    FROM value_profile AS p
    JOIN value_profile AS w ON w.method_id = p.method_id AND w.equality = 'MT+R'
    WHERE p.equality = 'MT+R/M' AND p.calls >= :min_calls
)
SELECT signature, calls, distinct_tuples, top3_share, top1_calls, top2_calls, top3_calls, mt_r_top3_share,
       dropped_positions, undecidable_calls
FROM ranked
WHERE rank_by_share <= :top
ORDER BY rank_by_share
