-- compare-time: how did the time profile change between two runs?
--
-- Two recordings opened as the schemas a and b (profq report compare-time a=run1.profq
-- b=run2.profq), matched method by method (by signature): each method's share of the
-- inclusive time in each run, the difference and the ratio, and how alike the two profiles
-- are as a whole: djprof's overlap percentage (the sum over methods of the smaller of the two
-- shares, each profile normalised over these methods; 100% for identical profiles, 0% for
-- disjoint ones), the same on every row. A method one run never ran has share 0% there. The
-- methods that changed most come first, and among equal changes the larger share (of
-- either run): two identical runs list their heaviest methods first. Shares are formatted
-- for people (fmt_share); in CSV and JSON they are fractions (0..1).
--
-- Needs: calls
--
-- Parameters:
--   top  BIGINT  20  how many methods to show
--
-- Columns:
--   signature   VARCHAR  the method
--   share_a     VARCHAR  its share of the run's time (time_by_method.share: inclusive, recursion once) in run a
--   share_b     VARCHAR  the same in run b
--   difference  VARCHAR  share_b - share_a: growth when positive
--   ratio       DOUBLE   share_b / share_a (NULL when run a has none)
--   overlap     VARCHAR  the overlap of the two whole profiles
WITH joined AS (
    SELECT COALESCE(a.signature, b.signature) AS signature,
           COALESCE(a.share, 0) AS share_a,
           COALESCE(b.share, 0) AS share_b
    FROM a.time_by_method AS a
    FULL OUTER JOIN b.time_by_method AS b ON b.signature = a.signature
),
profiles AS (
    SELECT overlap(share_a, share_b) AS overlap
    FROM joined
),
ranked AS (
    SELECT signature,
           share_a,
           share_b,
           ROW_NUMBER() OVER (ORDER BY ABS(share_b - share_a) DESC,
                                     CASE WHEN share_a > share_b THEN share_a ELSE share_b END DESC,
                                     signature) AS rank_by_change
    FROM joined
)
SELECT r.signature,
       fmt_share(r.share_a) AS share_a,
       fmt_share(r.share_b) AS share_b,
       fmt_share(r.share_b - r.share_a) AS difference,
       ROUND(r.share_b / NULLIF(r.share_a, 0), 4) AS ratio,
       fmt_share(p.overlap) AS overlap
FROM ranked AS r
CROSS JOIN profiles AS p
WHERE r.rank_by_change <= :top
ORDER BY r.rank_by_change
