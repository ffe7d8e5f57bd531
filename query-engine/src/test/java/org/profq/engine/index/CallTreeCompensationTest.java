package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.profq.recording.Calibration;

/**
 * The compensation's invariants, as properties of generated call trees: recursion among a few
 * methods, a clock that ticks every 200 ns (so that most short calls measure 0, as with profq's
 * default clock), CPU time charged in lumps to whichever call is running, and allocations. For every
 * call, calling context and method: no compensated time below 0, a call's time its own plus its
 * callees', a caller never below its callees, a method's self time never above its inclusive time,
 * and the whole tree's compensation exactly the calibrated cost of its events unless its outermost
 * call itself could not pay.
 */
class CallTreeCompensationTest {
    private static final long TICK = 200;
    /** 15 ns per call, 5 of them inside the call's own clock readings; 8 ns per allocation. */
    private static final Calibration COSTS = new Calibration(15, 5, 8, 0, 0);

    @Test
    void everyCallIsItsOwnTimePlusItsCalleesNeverBelowZero() {
        for (long seed = 1; seed <= 200; seed++) {
            List<Row> rows = generate(seed, new Compensation(COSTS));
            Map<Long, long[]> callees = new HashMap<>(); // call id -> sums of its callees' inclusive and CPU
            for (Row row : rows) {
                String where = "seed " + seed + ", call " + row.callId;
                assertTrue(row.self >= 0 && row.selfCpu >= 0 && row.inclusive >= 0 && row.cpu >= 0, where);
                long[] sums = callees.getOrDefault(row.callId, new long[2]);
                assertEquals(row.self + sums[0], row.inclusive, where);
                assertEquals(row.selfCpu + sums[1], row.cpu, where);
                if (row.parentCallId != 0) {
                    long[] parent = callees.computeIfAbsent(row.parentCallId, id -> new long[2]);
                    parent[0] += row.inclusive;
                    parent[1] += row.cpu;
                }
            }
        }
    }

    @Test
    void callingContextsAndMethodsKeepTheTreesOrder() {
        for (long seed = 1; seed <= 200; seed++) {
            List<Row> rows = generate(seed, new Compensation(COSTS));
            Map<Integer, long[]> byContext = new HashMap<>(); // inclusive, self, cpu, self cpu
            Map<Integer, Integer> parentContext = new HashMap<>();
            Map<Long, Integer> contextOfCall = new HashMap<>();
            Map<Integer, long[]> byMethod = new HashMap<>(); // self, outermost inclusive, self cpu, outermost cpu
            for (Row row : rows) {
                contextOfCall.put(row.callId, row.context);
                long[] sums = byContext.computeIfAbsent(row.context, c -> new long[4]);
                sums[0] += row.inclusive;
                sums[1] += row.self;
                sums[2] += row.cpu;
                sums[3] += row.selfCpu;
                long[] method = byMethod.computeIfAbsent(row.methodId, m -> new long[4]);
                method[0] += row.self;
                method[1] += row.outermost ? row.inclusive : 0;
                method[2] += row.selfCpu;
                method[3] += row.outermost ? row.cpu : 0;
            }
            for (Row row : rows) {
                if (row.parentCallId != 0) {
                    parentContext.put(row.context, contextOfCall.get(row.parentCallId));
                }
            }
            Map<Integer, long[]> calleeContexts = new HashMap<>();
            parentContext.forEach((context, parent) -> {
                long[] callees = calleeContexts.computeIfAbsent(parent, p -> new long[2]);
                callees[0] += byContext.get(context)[0];
                callees[1] += byContext.get(context)[2];
            });
            for (Map.Entry<Integer, long[]> context : byContext.entrySet()) {
                long[] sums = context.getValue();
                long[] callees = calleeContexts.getOrDefault(context.getKey(), new long[2]);
                String where = "seed " + seed + ", context " + context.getKey();
                assertEquals(sums[1] + callees[0], sums[0], where);
                assertEquals(sums[3] + callees[1], sums[2], where);
            }
            for (Map.Entry<Integer, long[]> method : byMethod.entrySet()) {
                long[] sums = method.getValue();
                String where = "seed " + seed + ", method " + method.getKey();
                assertTrue(sums[0] <= sums[1], where + ": self " + sums[0] + " > inclusive " + sums[1]);
                assertTrue(sums[2] <= sums[3], where + ": self CPU " + sums[2] + " > CPU " + sums[3]);
            }
        }
    }

    @Test
    void theTreeLosesExactlyTheCalibratedCostOfItsEventsUnlessItsOutermostCallCannotPay() {
        int paid = 0;
        for (long seed = 1; seed <= 200; seed++) {
            Compensation compensation = new Compensation(COSTS);
            Map<Long, Long> overheadInside = new HashMap<>(); // call id -> the self overheads of the calls inside it
            for (Row row : generate(seed, compensation)) {
                long overhead = overheadInside.getOrDefault(row.callId, 0L)
                        + compensation.selfOverhead(row.callsMade, row.allocationsMade);
                if (row.parentCallId != 0) {
                    overheadInside.merge(row.parentCallId, overhead, Long::sum);
                    continue;
                }
                assertTrue(row.inclusive >= row.duration - overhead, "seed " + seed);
                if (row.self > 0) {
                    assertEquals(row.duration - overhead, row.inclusive, "seed " + seed + ", call " + row.callId);
                    paid++;
                }
            }
        }
        assertTrue(paid > 100, "outermost calls that paid for their trees: " + paid);
    }

    /**
     * A caller makes four calls of a leaf at 10 ns of advice a call, 4 of them inside the leaf's own
     * readings; the clock ticks once, inside the third call, which measures the whole 200 ns the
     * four calls and their caller took. The third call pays what the caller had not had the time to
     * pay when it ended (its own overhead for three calls, 4 + 3 × 6 ns, and the first two calls'
     * deficits, 2 × 4 ns): 30 ns. What comes after the tick (the fourth call's 4 ns, the caller's
     * last 6 ns) nobody measured, so nobody can pay it. The same with CPU time charged in one lump
     * of 100 ns to the third call. Paid only upwards, the caller (no time of its own) could pay
     * nothing and its inclusive time was 196 ns, all but the third call's own 4 ns.
     */
    @Test
    void aCallPaysWhatItsCallerHadNoTimeToPayWhenItEnded() {
        List<Row> rows = new ArrayList<>();
        CallIndexer indexer = new CallIndexer((callId, threadId, methodId, parentCallId, depth, start, end, self, threw,
                                               finished, outermost, context, cpu, selfCpu, callsMade, callsInside,
                                               allocationsMade, allocationsInside, times) ->
                rows.add(new Row(callId, parentCallId, methodId, context, outermost, end - start, self, cpu, selfCpu,
                        callsMade, allocationsMade, times.inclusiveNanos, times.selfNanos, times.cpuNanos,
                        times.selfCpuNanos)));
        indexer.compensateWith(new Compensation(new Calibration(10, 4, 0, 0, 0)));
        indexer.enter(1, 1, 0, 0, 1, 0);
        long[][] leaves = {{0, 0}, {0, 0}, {0, 200}, {200, 200}};
        for (int leaf = 0; leaf < leaves.length; leaf++) {
            indexer.enter(1, 2 + leaf, 1, 1, 2, leaves[leaf][0]);
            if (leaf == 2) {
                indexer.cpuUsed(1, 100);
            }
            indexer.exit(1, 2 + leaf, 1, 1, 2, leaves[leaf][0], leaves[leaf][1], false);
        }
        indexer.exit(1, 1, 0, 0, 1, 0, 200, false);
        // call id, compensated inclusive, self, CPU, self CPU
        assertEquals(List.of(List.of(2L, 0L, 0L, 0L, 0L), List.of(3L, 0L, 0L, 0L, 0L), List.of(4L, 166L, 166L, 66L, 66L),
                        List.of(5L, 0L, 0L, 0L, 0L), List.of(1L, 166L, 0L, 66L, 0L)),
                rows.stream().map(row -> List.of(row.callId, row.inclusive, row.self, row.cpu, row.selfCpu)).toList());
    }

    @Test
    void withoutACalibrationTheTimesAreTheMeasuredOnes() {
        for (long seed = 1; seed <= 50; seed++) {
            for (Row row : generate(seed, Compensation.NONE)) {
                assertEquals(row.duration, row.inclusive);
                assertEquals(row.rawSelf, row.self);
                assertEquals(row.rawCpu, row.cpu);
                assertEquals(row.rawSelfCpu, row.selfCpu);
            }
        }
    }

    private record Row(long callId, long parentCallId, int methodId, int context, boolean outermost, long duration,
                       long rawSelf, long rawCpu, long rawSelfCpu, long callsMade, long allocationsMade,
                       long inclusive, long self, long cpu, long selfCpu) {
    }

    /** Rows of three threads' generated trees, in the order calls end. */
    private static List<Row> generate(long seed, Compensation compensation) {
        List<Row> rows = new ArrayList<>();
        CallIndexer indexer = new CallIndexer((callId, threadId, methodId, parentCallId, depth, start, end, self, threw,
                                               finished, outermost, context, cpu, selfCpu, callsMade, callsInside,
                                               allocationsMade, allocationsInside, times) ->
                rows.add(new Row(callId, parentCallId, methodId, context, outermost, end - start, self, cpu, selfCpu,
                        callsMade, allocationsMade, times.inclusiveNanos, times.selfNanos, times.cpuNanos,
                        times.selfCpuNanos)));
        indexer.compensateWith(compensation);
        Generator generator = new Generator(new Random(seed), indexer);
        for (int thread = 1; thread <= 3; thread++) {
            generator.call(thread, 0, 0);
        }
        return rows;
    }

    private static final class Generator {
        private final Random random;
        private final CallIndexer indexer;
        private long time;
        private long nextCallId;

        Generator(Random random, CallIndexer indexer) {
            this.random = random;
            this.indexer = indexer;
        }

        void call(int thread, long parentCallId, int depth) {
            long callId = ++nextCallId;
            int methodId = 1 + random.nextInt(5);
            long start = clock();
            indexer.enter(thread, callId, parentCallId, depth, methodId, start);
            int callees = depth < 7 ? random.nextInt(depth < 2 ? 6 : 4) : 0;
            for (int i = 0; i <= callees; i++) {
                work(thread);
                if (i < callees) {
                    call(thread, callId, depth + 1);
                }
            }
            indexer.exit(thread, callId, parentCallId, depth, methodId, start, clock(), false);
        }

        /** Some ns of the call's own code: most calls' are shorter than a tick; some allocate, some are charged CPU. */
        private void work(int thread) {
            time += random.nextInt(10) == 0 ? random.nextInt(5_000) : random.nextInt(60);
            if (random.nextInt(3) == 0) {
                indexer.allocated(thread);
            }
            if (random.nextInt(8) == 0) {
                indexer.cpuUsed(thread, 1_000);
            }
        }

        private long clock() {
            return time / TICK * TICK;
        }
    }
}
