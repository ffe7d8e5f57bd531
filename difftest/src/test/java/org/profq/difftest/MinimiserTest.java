package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A failing check is made smaller only while it fails the same way: for an error, for the same reason. */
class MinimiserTest {
    private static Outcome error(String sql, String reason) {
        return new Outcome(Outcome.Verdict.ERROR, sql, Answer.failed("Error while executing SQL \"" + sql + "\": " + reason),
                null, null, null);
    }

    @Test
    void anErrorForTheSameReasonInASmallerQueryIsTheSameFailure() {
        assertTrue(Minimiser.sameFailure(
                error("SELECT a FROM t AS t0 JOIN u AS t1 ON FALSE WHERE NOT EXISTS (SELECT 1)", "Index -1 out of bounds for length 33"),
                error("SELECT a FROM t AS t0 JOIN u AS t1 ON FALSE", "Index -1 out of bounds for length 16")));
    }

    @Test
    void anErrorOfTheSmallerQueryOwnIsNotTheSameFailure() {
        assertFalse(Minimiser.sameFailure(
                error("SELECT a FROM t AS t0 JOIN u AS t1 ON t0.k = t1.k WHERE t1.x IS NULL", "Error while compiling generated Java code:"),
                error("SELECT a FROM t AS t0 WHERE t1.x IS NULL", "From line 1, column 30 to line 1, column 31: Table 't1' not found")));
    }

    @Test
    void anotherVerdictIsNotTheSameFailure() {
        Outcome timeout = new Outcome(Outcome.Verdict.TIMEOUT, "SELECT 1", Answer.failed("timed out"), null, null, null);
        assertFalse(Minimiser.sameFailure(error("SELECT 1", "timed out"), timeout));
    }
}
