package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A calibration's rounds stop when the cost has settled, or at their limits, and say which. */
class CalibrationRoundsTest {
    private static final long MS = 1_000_000;

    /** Feeds rounds of the given costs (the last repeated), each spending {@code cpuNanos}, while the rounds go on. */
    private static CalibrationRounds run(CalibrationRounds rounds, long cpuNanos, long... costs) {
        for (int round = 0; rounds.goOn(); round++) {
            rounds.add(costs[Math.min(round, costs.length - 1)], cpuNanos);
        }
        return rounds;
    }

    @Test
    void aCostThatStopsFallingSettlesAtItsCheapestRound() {
        CalibrationRounds rounds = run(new CalibrationRounds(3, 100, 4, 1_000 * MS), MS, 900, 500, 120, 40, 45, 41);
        assertTrue(rounds.settled());
        assertEquals(40, rounds.cheapestPicos());
        assertEquals(4 + 4, rounds.rounds(), "the cheapest round (the 4th) and four after it that did not beat it");
    }

    @Test
    void noCostSettlesBeforeTheMinimumOfRounds() {
        CalibrationRounds rounds = run(new CalibrationRounds(10, 100, 2, 1_000 * MS), MS, 50);
        assertEquals(10, rounds.rounds());
        assertTrue(rounds.settled());
    }

    /** The interpreter's cost, still falling when a loaded machine's clock ran out, was taken for the compiled path's. */
    @Test
    void roundsStoppedByTheirCpuBudgetWhileTheCostStillFellAreNotSettled() {
        CalibrationRounds rounds = run(new CalibrationRounds(3, 100, 4, 10 * MS), 2 * MS, 900, 800, 700, 600, 500, 400, 300);
        assertEquals(5, rounds.rounds(), "five rounds of 2 ms spend the 10 ms budget");
        assertFalse(rounds.settled());
        assertEquals(500, rounds.cheapestPicos());
    }

    @Test
    void roundsStoppedAtTheirMaximumWhileTheCostStillFellAreNotSettled() {
        long[] falling = new long[50];
        for (int round = 0; round < falling.length; round++) {
            falling[round] = 1_000 - round;
        }
        CalibrationRounds rounds = run(new CalibrationRounds(3, 20, 4, 1_000 * MS), MS, falling);
        assertEquals(20, rounds.rounds());
        assertFalse(rounds.settled());
        assertEquals(981, rounds.cheapestPicos());
    }
}
