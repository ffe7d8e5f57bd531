package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.profq.recording.Calibration;

/**
 * Totals per calling context: each call's compensated times, as the call indexer works them out,
 * and its raw ones, added up per context and flags in the order groups first came, written and read back whole, checked against the rows they must add
 * up to, and abandoned, not wrong, when the calibration changes under them.
 */
class CallTotalsTest {
    /** 10 ns per call, 4 of them inside the call's own clock readings; 3 ns per allocation. */
    private static final Calibration COSTS = new Calibration(10, 4, 3, 0, 0);

    @Test
    void aGroupAddsUpTheCompensatedTimesItIsGivenBesideTheRawOnes() {
        CallTotals totals = new CallTotals(COSTS);
        // duration 100, self 40, CPU 90, self CPU 35; compensated by the call tree to 37, 21, 27, 16
        totals.add(7, CallTotals.OUTERMOST, 0, 100, 40, 90, 35, times(37, 21, 27, 16));
        assertEquals(1, totals.groups());
        assertEquals(7, totals.context(0));
        assertEquals(CallTotals.OUTERMOST, totals.flags(0));
        long[] expected = {37, 21, 27, 16, 100 - 90, 40 - 35, 100, 40};
        for (int m = 0; m < CallTotals.MEASURES; m++) {
            assertEquals(expected[m], totals.sum(0, m), "measure " + m);
            assertEquals(expected[m], totals.max(0, m), "measure " + m);
        }
        totals.add(7, CallTotals.OUTERMOST, 0, 3, 3, 0, 0, times(0, 0, 0, 0));
        assertEquals(37, totals.sum(0, 0));
        assertEquals(21, totals.sum(0, 1));
        assertEquals(37, totals.max(0, 0));
        assertEquals(2, totals.rows(0));
    }

    /** A call's compensated times, as the call indexer hands them on. */
    private static CallIndexer.CompensatedTimes times(long inclusive, long self, long cpu, long selfCpu) {
        CallIndexer.CompensatedTimes times = new CallIndexer.CompensatedTimes();
        times.inclusiveNanos = inclusive;
        times.selfNanos = self;
        times.cpuNanos = cpu;
        times.selfCpuNanos = selfCpu;
        return times;
    }

    @Test
    void groupsComeInTheOrderOfTheirFirstRowsAndAreWrittenAndReadBackWhole() throws IOException {
        CallTotals totals = new CallTotals(COSTS);
        totals.add(3, CallTotals.ROOT | CallTotals.OUTERMOST, 0, 50, 50, 0, 0, times(50, 50, 0, 0));
        totals.add(1, 0, 0, 20, 20, 0, 0, times(20, 20, 0, 0));
        totals.add(3, CallTotals.ROOT | CallTotals.OUTERMOST, 0, 70, 70, 0, 0, times(70, 70, 0, 0));
        totals.add(3, 0, 0, 5, 5, 0, 0, times(5, 5, 0, 0));
        CallTotals read = CallTotals.readFrom(new DataInputStream(new ByteArrayInputStream(bytes(totals))), 4);
        assertEquals(3, read.groups());
        assertEquals(3, read.context(0));
        assertEquals(1, read.context(1));
        assertEquals(0, read.flags(2));
        assertEquals(2, read.rows(0));
        assertEquals(120, read.sum(0, 6));
        assertEquals(70, read.max(0, 6));
        assertTrue(read.calibratedWith(COSTS));
        assertFalse(read.calibratedWith(new Calibration(10, 4, 3.5, 0, 0)));
        assertThrows(IndexDamagedException.class,
                () -> CallTotals.readFrom(new DataInputStream(new ByteArrayInputStream(bytes(totals))), 5));
    }

    @Test
    void theUnfinishedRowsTotalsComeAfter() {
        CallTotals finished = new CallTotals(COSTS);
        finished.add(2, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        CallTotals unfinished = finished.empty();
        unfinished.add(1, 0, 0, 30, 30, 0, 0, times(30, 30, 0, 0));
        unfinished.add(2, 0, 0, 5, 5, 0, 0, times(5, 5, 0, 0));
        CallTotals all = finished.plus(unfinished);
        assertEquals(2, all.groups());
        assertEquals(2, all.context(0));
        assertEquals(15, all.sum(0, 6));
        assertEquals(3, all.totalRows());
    }

    @Test
    void aCalibrationThatChangesUnderRowsAbandonsTheTotals() {
        CallTotals empty = new CallTotals();
        empty.continueWith(COSTS); // before any row: the build's own
        assertTrue(empty.kept() && empty.calibratedWith(COSTS));
        empty.add(1, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        empty.continueWith(COSTS);
        assertTrue(empty.kept());
        empty.continueWith(new Calibration(11, 4, 3, 0, 0));
        assertFalse(empty.kept());
    }

    @Test
    void aDepthBeyondTheContextsIsSaid() {
        CallTotals totals = new CallTotals(COSTS);
        totals.add(1, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        assertTrue(totals.depthsAreContexts());
        totals.add(1, 0, 2, 10, 10, 0, 0, times(10, 10, 0, 0));
        assertFalse(totals.depthsAreContexts());
    }

    @Test
    void tooManyCallingContextsAbandonTheTotalsAndTheirMemory() throws IOException {
        CallTotals totals = new CallTotals(COSTS);
        for (int context = 1; context <= CallTotals.MAX_GROUPS; context++) {
            totals.add(context, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        }
        assertTrue(totals.kept());
        assertEquals(CallTotals.MAX_GROUPS, totals.groups());
        totals.add(1, CallTotals.OUTERMOST, 0, 10, 10, 0, 0, times(10, 10, 0, 0)); // one group more: its first row
        assertFalse(totals.kept());
        assertEquals(0, totals.groups());
        byte[] written = bytes(totals);
        assertTrue(written.length < 64, "an abandoned one writes no groups: " + written.length + " bytes");
        assertFalse(CallTotals.readFrom(new DataInputStream(new ByteArrayInputStream(written)), 12345).kept());
    }

    @Test
    void unfinishedRowsThatPassTheLimitAbandonTheSum() {
        CallTotals finished = new CallTotals(COSTS);
        for (int context = 1; context <= CallTotals.MAX_GROUPS; context++) {
            finished.add(context, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        }
        CallTotals unfinished = finished.empty();
        unfinished.add(CallTotals.MAX_GROUPS + 1, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        unfinished.add(CallTotals.MAX_GROUPS + 2, 0, 0, 10, 10, 0, 0, times(10, 10, 0, 0));
        CallTotals all = finished.plus(unfinished);
        assertFalse(all.kept());
        assertEquals(0, all.groups());
    }

    private static byte[] bytes(CallTotals totals) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            totals.writeTo(out);
        }
        return bytes.toByteArray();
    }
}
