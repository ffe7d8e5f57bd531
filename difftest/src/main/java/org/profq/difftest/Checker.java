package org.profq.difftest;

import java.math.BigDecimal;
import java.util.List;

/**
 * Runs a {@link TestCase} on one recording's engines and says what it found. A query is
 * answered by profq first; a timeout there (twice in a row) is a failure of its own class, and so is a failure
 * (an error) that the oracles do not share. Then its rows are compared with DuckDB's; only when
 * they differ, or DuckDB fails, is {@code planner=plain} asked too, to tell a wrong rule of
 * profq's ({@code wrong vs plain}) from a wrong answer of Calcite's that both plans share
 * ({@code wrong vs duckdb}): asking it for every query doubled the Calcite planning and code
 * generation a check costs, and where DuckDB, which shares no code with profq, agrees, it has
 * nothing to add. A metamorphic relation runs on profq alone.
 * A query that every engine refuses is a generator error, counted as {@code error} too.
 */
final class Checker {
    private final RecordingUnderTest target;

    Checker(RecordingUnderTest target) {
        this.target = target;
    }

    Outcome check(TestCase test) {
        if (test instanceof TestCase.Differential differential) {
            return differential(differential.sql(), differential.query().fullyOrdered());
        }
        if (test instanceof TestCase.Language language) {
            return differential(language.sql(), language.ordered());
        }
        if (test instanceof TestCase.Partitioned partitioned) {
            return partitioned(partitioned);
        }
        return counted((TestCase.Counted) test);
    }

    private Outcome differential(String sql, boolean ordered) {
        Answer profq = target.profq().run(sql);
        if (profq.timedOutHere()) {
            profq = target.profq().run(sql); // once more: the first run of a view's plan may have been slowed by other work
        }
        if (profq.timedOutHere()) {
            return new Outcome(Outcome.Verdict.TIMEOUT, sql, profq, null, null, null);
        }
        Answer duckdb = target.duckdb().run(sql);
        if (!profq.failed() && !duckdb.failed() && profq.sameAs(duckdb, ordered)) {
            // DuckDB shares no code with profq: where they agree, Calcite's plain plan has nothing to add
            return Outcome.ok(sql);
        }
        Answer plain = target.plain().run(sql);
        if (profq.failed() || plain.failed()) {
            if (profq.failed() && plain.failed()) {
                return new Outcome(Outcome.Verdict.ERROR, sql, profq, sql, plain, "plain");
            }
            return new Outcome(plain.timedOutHere() ? Outcome.Verdict.TIMEOUT : Outcome.Verdict.ERROR, sql, profq, sql, plain, "plain");
        }
        if (!profq.sameAs(plain, ordered)) {
            return new Outcome(Outcome.Verdict.WRONG_VS_PLAIN, sql, profq, sql, plain, "plain");
        }
        if (duckdb.failed()) {
            return new Outcome(duckdb.timedOutHere() ? Outcome.Verdict.TIMEOUT : Outcome.Verdict.ERROR, sql, profq, sql, duckdb, "duckdb");
        }
        return new Outcome(Outcome.Verdict.WRONG_VS_DUCKDB, sql, profq, sql, duckdb, "duckdb");
    }

    private Outcome partitioned(TestCase.Partitioned test) {
        String sql = test.sql();
        Answer whole = target.profq().run(sql);
        String partitionsSql = test.partitions();
        Answer partitions = whole.failed() ? whole : target.profq().run(partitionsSql);
        Outcome failed = failure(sql, whole, partitionsSql, partitions);
        if (failed != null) {
            return failed;
        }
        return whole.sameAs(partitions, false) ? Outcome.ok(sql)
                : new Outcome(Outcome.Verdict.TLP, sql, whole, partitionsSql, partitions, "its three partitions");
    }

    private Outcome counted(TestCase.Counted test) {
        String sql = test.sql();
        Answer count = target.profq().run(sql);
        String referenceSql = test.reference();
        Answer reference = count.failed() ? count : target.profq().run(referenceSql);
        Outcome failed = failure(sql, count, referenceSql, reference);
        if (failed != null) {
            return failed;
        }
        // SUM over no rows is NULL where COUNT(*) is 0
        Answer summed = reference.rows().size() == 1 && reference.rows().get(0).get(0) == null
                ? Answer.ofRows(List.of(List.of(BigDecimal.ZERO))) : reference;
        return count.sameAs(summed, true) ? Outcome.ok(sql)
                : new Outcome(Outcome.Verdict.NOREC, sql, count, referenceSql, reference, "the unoptimisable count");
    }

    /** The outcome when either side of a relation failed or timed out; null when both answered. */
    private static Outcome failure(String sql, Answer first, String otherSql, Answer other) {
        if (first.timedOutHere() || other.timedOutHere()) {
            return new Outcome(Outcome.Verdict.TIMEOUT, first.timedOutHere() ? sql : otherSql, first.timedOutHere() ? first : other,
                    null, null, null);
        }
        if (first.failed() || other.failed()) {
            return new Outcome(Outcome.Verdict.ERROR, first.failed() ? sql : otherSql, first.failed() ? first : other, null, null, null);
        }
        return null;
    }
}
