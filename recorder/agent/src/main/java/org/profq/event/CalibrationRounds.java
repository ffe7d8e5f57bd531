package org.profq.event;

/**
 * When a calibration's rounds stop, and whether their cheapest round can be trusted. A round's
 * cost only falls as the JIT compiles the measured path, so the cheapest round is the figure once
 * {@code settledRounds} rounds in a row have not beaten it. The rounds stop there, or at
 * {@code maxRounds}, or when they have spent {@code cpuBudgetNanos} of the calibration thread's own
 * CPU time, whichever comes first; only the first is settled.
 *
 * <p>The budget is CPU time, not the clock's: on a machine whose cores the program (or anything
 * else) keeps busy, the calibration thread gets a small share of a core, and a deadline on the clock
 * stopped it after a few rounds, before the JIT had compiled the path. Its cheapest round, the
 * interpreter's cost, then took 242 ns off each of five million calls that had cost 167 ns in all.
 */
final class CalibrationRounds {
    private final int minRounds;
    private final int maxRounds;
    private final int settledRounds;
    private final long cpuBudgetNanos;
    private final long[] picos;
    private int rounds;
    private int cheapest;
    private long cpuSpentNanos;

    CalibrationRounds(int minRounds, int maxRounds, int settledRounds, long cpuBudgetNanos) {
        this.minRounds = minRounds;
        this.maxRounds = maxRounds;
        this.settledRounds = settledRounds;
        this.cpuBudgetNanos = cpuBudgetNanos;
        this.picos = new long[maxRounds];
    }

    /** Whether another round is to be run. */
    boolean goOn() {
        return rounds < maxRounds && (rounds < minRounds || !settled()) && cpuSpentNanos < cpuBudgetNanos;
    }

    /** One round's cost per event, in picoseconds, and the CPU time the round spent in all. */
    void add(long costPicos, long roundCpuNanos) {
        picos[rounds] = costPicos;
        if (costPicos < picos[cheapest]) {
            cheapest = rounds;
        }
        rounds++;
        cpuSpentNanos += Math.max(0, roundCpuNanos);
    }

    /** Whether {@code settledRounds} rounds in a row, after at least {@code minRounds}, have not beaten the cheapest. */
    boolean settled() {
        return rounds >= minRounds && rounds - 1 - cheapest >= settledRounds;
    }

    /** The cheapest round's cost per event, in picoseconds; 0 before any round. */
    long cheapestPicos() {
        return rounds == 0 ? 0 : picos[cheapest];
    }

    int rounds() {
        return rounds;
    }
}
