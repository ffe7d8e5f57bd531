package org.profq.event;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Measures what a recorded call costs the program where it is made ({@link CallSitesInPlace}): the
 * same loop of calls of a trivial method, woven as the program's classes are and unwoven, in rounds
 * of {@value #CALLS_PER_ROUND} calls on the calibration's thread, until the JIT has compiled both;
 * the cost is the difference between their cheapest rounds, per call. It is more than the advice
 * path's own cost ({@link OverheadCalibration}): the woven callee is a call the JIT no longer
 * inlines, with its own frame, the aspect's instance and advice methods, and an exception handler.
 *
 * <p>Measured so, a call cost 13.4 to 23.5 ns over 23 runs of the OverheadCompensation sample on a
 * loaded 2-core machine, whose own warm rounds paid 5 to 29 ns a call; the advice path's figure alone
 * ranged from 14 to 117 ns there (README, "Overhead compensation", its limits).
 *
 * <p>Which part of it lands in the call's own time is read from the clock, as the program's calls
 * see it: the clock's advance on the exits of the woven calls ({@link BatchAppender#droppedExitNanos}),
 * as a share of the rounds' time, over their later half (the JIT's compiled code).
 */
final class InPlaceCallCost {
    /**
     * A round's events fit one batch of the recorder (8 bytes a call at most with the exact clock: an
     * entry with its time delta and method id, an exit with its delta; some 3 with the tick clock),
     * which is flushed before and after the round, outside its timing: a batch filled inside the round would be dropped there, and reading its exits' clock
     * advances costs 3 to 8 ns per call of the round, which no program pays (its full batches go to
     * the writer's thread). With 10 000 calls a round, so measured, a call cost 16.1 to 23.5 ns in
     * three recordings of the KnownPhases sample whose tiny calls paid 11.8 to 15.7 ns.
     */
    static final int CALLS_PER_ROUND = 2_000;
    private static final int MIN_ROUNDS = 60;
    /** Some 100 ms of CPU if the cheapest round kept falling. */
    private static final int MAX_ROUNDS = 400;
    /** The cost has settled when this many rounds in a row have not beaten the cheapest. */
    private static final int SETTLED_ROUNDS = 40;
    /** The rounds stop after this much of the calibration thread's CPU time, settled or not (the clock's time where CPU times are not known). */
    private static final long CPU_BUDGET_NANOS = 1_000_000_000L;

    /**
     * Per call, in picoseconds of CPU time: the cost, and the part of it between the call's own two
     * clock readings; {@code settled}: whether the woven calls' cost had stopped falling (else it is too high).
     */
    record Result(long callCostPicos, long callInsidePicos, boolean settled) {
    }

    /**
     * Runs the rounds on the current thread, whose recorder is {@code recorder} (its batches dropped);
     * stops early, with a result nobody reads, once {@code ended} (the recording took the advice path's figures).
     */
    static Result measure(ThreadRecorder recorder, CallSitesInPlace sites, LongSupplier threadTime, BooleanSupplier ended) {
        CalibrationRounds woven = new CalibrationRounds(MIN_ROUNDS, MAX_ROUNDS, SETTLED_ROUNDS, CPU_BUDGET_NANOS);
        long[] unwovenPicos = new long[MAX_ROUNDS];
        long[] exitNanos = new long[MAX_ROUNDS];
        long[] roundClockNanos = new long[MAX_ROUNDS];
        long checksum = 0;
        while (woven.goOn() && !ended.getAsBoolean()) {
            int round = woven.rounds();
            recorder.flush();
            long exitsBefore = recorder.droppedExitNanos();
            long clockStart = Clock.now();
            long start = threadTime.getAsLong();
            checksum += sites.woven().applyAsLong(CALLS_PER_ROUND);
            long wovenEnd = threadTime.getAsLong();
            roundClockNanos[round] = Clock.now() - clockStart;
            checksum += sites.unwoven().applyAsLong(CALLS_PER_ROUND);
            long unwovenEnd = threadTime.getAsLong();
            recorder.flush();
            exitNanos[round] = recorder.droppedExitNanos() - exitsBefore;
            unwovenPicos[round] = (unwovenEnd - wovenEnd) * 1000 / CALLS_PER_ROUND;
            woven.add((wovenEnd - start) * 1000 / CALLS_PER_ROUND, unwovenEnd - start);
        }
        if (checksum == 42) {
            Thread.onSpinWait(); // uses the loops' results, so that the JIT cannot leave their work out
        }
        int rounds = woven.rounds();
        if (rounds == 0) {
            return new Result(0, 0, false);
        }
        long cost = Math.max(0, woven.cheapestPicos() - cheapest(unwovenPicos, rounds));
        return new Result(cost, (long) (cost * OverheadCalibration.insideShare(exitNanos, roundClockNanos, rounds)), woven.settled());
    }

    private static long cheapest(long[] values, int count) {
        long cheapest = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            cheapest = Math.min(cheapest, values[i]);
        }
        return cheapest;
    }

    private InPlaceCallCost() {
    }
}
