package org.profq.event;

import java.util.Arrays;
import java.util.function.LongSupplier;

import org.aspectj.lang.JoinPoint;
import org.aspectj.runtime.reflect.Factory;

/**
 * Measures, at the recording's start and on a thread of its own, what the recorder's advice costs
 * the program per recorded call (its entry and exit) and per recorded allocation on this JVM, so
 * that the time views can subtract it ({@code DOC_CALIBRATION}; README, "Overhead compensation").
 * A call's figure is kept only where the cost at a woven call site ({@link InPlaceCallCost}), which
 * comes after, could not be measured before the recording ended.
 *
 * <p>The loops go through the real advice path ({@link Recorder#enter}, {@link Recorder#exit},
 * {@link Recorder#allocation}: the thread look-up, the dictionary's look-up of the static part's id, the encoding)
 * into a recorder of their own whose batches are dropped and which tracks nothing, so nothing of
 * the calibration reaches the recording but its result. Rounds go on until the JIT has compiled
 * the path fully: a round's cost only falls as it does (and rises only when something else takes
 * the CPU's caches or the thread is interrupted), so the cheapest round is kept, once
 * {@value #SETTLED_ROUNDS} rounds in a row have not beaten it ({@link CalibrationRounds}). Kept
 * before the JIT was done (the median of a fixed number of rounds, on a loaded machine), the figure
 * ranged from 15 to 124 ns a call over runs of one program; a figure that did not settle is marked
 * so, and the recording warns of it ({@link CalibrationFigures}).
 */
final class OverheadCalibration {
    /** Rounds of calls and allocations at least (the JIT compiles the advice path after some 100 000 calls). */
    private static final int MIN_ROUNDS = 60;
    /** Rounds at most: some 50 ms of CPU with the path compiled, 300 ms if the JIT never gets to it. */
    private static final int MAX_ROUNDS = 400;
    /** The cost has settled when this many rounds in a row have not beaten the cheapest. */
    private static final int SETTLED_ROUNDS = 30;
    /**
     * The calls of a round, and then its allocations, fit one batch of the recorder, flushed before
     * each outside their timing ({@link InPlaceCallCost#CALLS_PER_ROUND}, why).
     */
    private static final int EVENTS_PER_ROUND = InPlaceCallCost.CALLS_PER_ROUND;
    /** The rounds stop after this much of the calibration thread's CPU time, settled or not (the clock's time where CPU times are not known). */
    private static final long CPU_BUDGET_NANOS = 1_000_000_000L;
    private static final int CPU_READS = 200;

    /**
     * The figures, in picoseconds: per call (entry and exit), of which {@code callInsidePicos} runs
     * between the call's own two clock readings (and so lands in the call's own time, the rest in
     * its caller's); per allocation; and ns per reading of a thread's CPU time. {@code settled}: whether
     * the cost per call had stopped falling when the rounds stopped (else it is too high).
     */
    record Result(long callCostPicos, long callInsidePicos, long allocationCostPicos, long cpuReadNanos, boolean settled) {
    }

    /**
     * Runs the loops on the current thread, whose recorder is {@code recorder} and records nothing
     * else: {@code execution} and {@code creation} are static parts the dictionary already maps to ids
     * without names written. Costs are measured in the thread's CPU time where the JVM can tell it,
     * so that the program's own threads, competing for the CPUs, do not inflate them.
     */
    static Result run(ThreadRecorder recorder, JoinPoint.StaticPart execution, JoinPoint.StaticPart creation,
                      CpuTimes cpuTimes) {
        LongSupplier threadTime = threadTime(cpuTimes);
        CalibrationRounds calls = new CalibrationRounds(MIN_ROUNDS, MAX_ROUNDS, SETTLED_ROUNDS, CPU_BUDGET_NANOS);
        long[] allocationPicos = new long[MAX_ROUNDS];
        long[] insideNanos = new long[MAX_ROUNDS];
        long[] roundClockNanos = new long[MAX_ROUNDS];
        Object created = new Object();
        while (calls.goOn()) {
            int round = calls.rounds();
            long inside = 0;
            recorder.flush();
            long clockStart = Clock.now();
            long start = threadTime.getAsLong();
            for (int i = 0; i < EVENTS_PER_ROUND; i++) {
                Recorder.enter(execution);
                long entered = recorder.lastNanos();
                Recorder.exit();
                inside += recorder.lastNanos() - entered;
            }
            long called = threadTime.getAsLong();
            roundClockNanos[round] = Clock.now() - clockStart;
            recorder.flush();
            long allocating = threadTime.getAsLong();
            for (int i = 0; i < EVENTS_PER_ROUND; i++) {
                Recorder.allocation(created, creation, execution);
            }
            long allocated = threadTime.getAsLong();
            allocationPicos[round] = (allocated - allocating) * 1000 / EVENTS_PER_ROUND;
            insideNanos[round] = inside;
            calls.add((called - start) * 1000 / EVENTS_PER_ROUND, allocated - start);
        }
        long callCost = calls.cheapestPicos();
        int rounds = calls.rounds();
        return new Result(callCost, (long) (callCost * insideShare(insideNanos, roundClockNanos, rounds)),
                cheapestOfLastHalf(allocationPicos, rounds), cpuReadNanos(cpuTimes), calls.settled());
    }

    /**
     * The share of an empty call's cost that runs between its two clock readings, over the later
     * half of the rounds (more ticks than the last quarter's): with the tick clock, each reading is a tick's value, so this is the share
     * of the ticks that moved the clock between an entry and its exit, which over many ticks is the
     * share of the time spent there.
     */
    static double insideShare(long[] insideNanos, long[] roundClockNanos, int rounds) {
        long inside = 0;
        long total = 0;
        for (int round = rounds / 2; round < rounds; round++) {
            inside += insideNanos[round];
            total += roundClockNanos[round];
        }
        return total <= 0 ? 0 : Math.min(1.0, (double) inside / total);
    }

    /** The current thread's CPU time where the JVM can tell it, else the clock. */
    static LongSupplier threadTime(CpuTimes cpuTimes) {
        return cpuTimes != null ? cpuTimes::currentThread : System::nanoTime;
    }

    /** What one reading of a thread's CPU time costs, in ns of CPU time; 0 without CPU times. */
    private static long cpuReadNanos(CpuTimes cpuTimes) {
        if (cpuTimes == null) {
            return 0;
        }
        Thread current = Thread.currentThread();
        long start = cpuTimes.currentThread();
        for (int i = 0; i < CPU_READS; i++) {
            cpuTimes.read(current);
        }
        return (cpuTimes.currentThread() - start) / CPU_READS;
    }

    private static long cheapestOfLastHalf(long[] values, int count) {
        return Arrays.stream(values, count / 2, count).min().orElse(0);
    }

    /** A static part of a method execution and one of a constructor call, made as woven code makes them ({@link JoinPointNames}). */
    static JoinPoint.StaticPart[] staticParts() {
        Factory factory = new Factory("OverheadCalibration.java", OverheadCalibration.class);
        JoinPoint.StaticPart execution = JoinPointNames.makeSJP(factory, JoinPoint.METHOD_EXECUTION,
                JoinPointNames.makeMethodSig(factory, "0", "calibrate", OverheadCalibration.class.getName(), "", "", "", "void"), 1);
        JoinPoint.StaticPart creation = JoinPointNames.makeSJP(factory, JoinPoint.CONSTRUCTOR_CALL,
                JoinPointNames.makeConstructorSig(factory, "1", "java.lang.Object", "", "", ""), 1);
        return new JoinPoint.StaticPart[] {execution, creation};
    }

    private OverheadCalibration() {
    }
}
