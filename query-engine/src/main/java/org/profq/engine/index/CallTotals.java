package org.profq.engine.index;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

import org.profq.recording.Calibration;

/**
 * The totals of {@code calls} per calling context and the two flags the time views test
 * ({@code outermost}, and {@code parent_call_id IS NULL}), added up as the rows are written:
 * each group's rows and, for each of the {@value #MEASURES} times {@code _call_times} gives a
 * call (compensated and raw; {@link #measures}), their sum and their largest. Every key the time
 * views group by (method, depth, stack) is a function of the context, so those views are sums of
 * these groups ({@code org.profq.engine.scan.ContextTotalsAnswer}) instead of a scan of every call.
 * Compensation takes the recording's calibration off the call tree ({@link Compensation}), which
 * is not a sum of anything smaller: so the totals are worked out with the calibration known when
 * they were added up, keep its figures, and are trusted only while the recording's is the same.
 * {@code CallRows} keeps them in the table's state, committed and checksummed with its rows.
 */
public final class CallTotals {
    /** The measures per call, in the order of {@code _call_times}'s time columns. */
    public static final int MEASURES = 8;
    /** Bits of a group's flags. */
    public static final int OUTERMOST = 1;
    public static final int ROOT = 2;
    private static final int FLAG_BITS = 2;
    /** With a context past this the totals are not kept (the table is scanned instead): bounds their memory. */
    private static final int MAX_CONTEXT = 1 << 22;
    /**
     * With more groups than this the totals are not kept either (the time views scan the table), so
     * that they stay a small part of the table's state, 140 bytes a group: PMD's recursive AST
     * visitors make 3.8 M calling contexts, whose totals took 528 MB and ran a 2 GB heap out during
     * the build; Lucene's indexing makes 15,000.
     */
    static final int MAX_GROUPS = 1 << 18;
    private static final int MAGIC = 0x70716332; // "pqc2"

    private double callCostNanos;
    private double callInsideNanos;
    private double allocationCostNanos;
    /** Whether a call's depth was ever more than its context's (then depth is not a function of the context). */
    private boolean deeperThanContext;
    /** Set when a row's context was out of {@link #MAX_CONTEXT}, or the calibration changed under them: not kept, not wrong. */
    private boolean abandoned;

    /** By {@code context << FLAG_BITS | flags}: the group's slot plus one, 0 for none yet. */
    private int[] slotOfKey = new int[256];
    /** By slot, in the order the groups' first rows came. */
    private int[] keys = new int[64];
    /**
     * By slot, {@link #STRIDE} longs a group side by side (its rows, then each measure's sum and
     * largest), so that adding a call touches one group's few cache lines.
     */
    private long[] figures = new long[64 * STRIDE];
    private static final int STRIDE = 1 + 2 * MEASURES;
    private int groups;

    CallTotals() {
    }

    /** Totals to be worked out with {@code calibration}'s figures. */
    CallTotals(Calibration calibration) {
        callCostNanos = calibration.callCostNanos();
        callInsideNanos = calibration.callInsideNanos();
        allocationCostNanos = calibration.allocationCostNanos();
    }

    /** Totals with no rows, to be worked out with the same figures as these. */
    CallTotals empty() {
        CallTotals empty = new CallTotals();
        empty.callCostNanos = callCostNanos;
        empty.callInsideNanos = callInsideNanos;
        empty.allocationCostNanos = allocationCostNanos;
        empty.abandoned = abandoned;
        return empty;
    }

    /** Whether these were worked out with {@code calibration}'s figures. */
    public boolean calibratedWith(Calibration calibration) {
        return same(callCostNanos, calibration.callCostNanos()) && same(callInsideNanos, calibration.callInsideNanos())
                && same(allocationCostNanos, calibration.allocationCostNanos());
    }

    /** From now on the rows are added up with {@code calibration}: those before, if any were not, are abandoned. */
    void continueWith(Calibration calibration) {
        if (!calibratedWith(calibration)) {
            abandoned |= groups > 0;
            callCostNanos = calibration.callCostNanos();
            callInsideNanos = calibration.callInsideNanos();
            allocationCostNanos = calibration.allocationCostNanos();
        }
    }

    private static boolean same(double a, double b) {
        return Double.doubleToLongBits(a) == Double.doubleToLongBits(b);
    }

    /** Adds one call: the times {@code calls} has of it, and those {@code _call_times} reads, {@code compensated}. */
    void add(int context, int flags, int depthBeyondContext, long durationNanos, long selfNanos, long cpuNanos,
             long selfCpuNanos, CallIndexer.CompensatedTimes compensated) {
        if (abandoned) {
            return;
        }
        if (context < 0 || context >= MAX_CONTEXT) {
            abandon();
            return;
        }
        deeperThanContext |= depthBeyondContext != 0;
        int at = slot(context << FLAG_BITS | flags);
        if (at < 0) {
            return;
        }
        long[] group = figures;
        group[at]++;
        add(group, at + 1, compensated.inclusiveNanos);
        add(group, at + 3, compensated.selfNanos);
        add(group, at + 5, compensated.cpuNanos);
        add(group, at + 7, compensated.selfCpuNanos);
        add(group, at + 9, clamped(durationNanos - cpuNanos));
        add(group, at + 11, clamped(selfNanos - selfCpuNanos));
        add(group, at + 13, durationNanos);
        add(group, at + 15, selfNanos);
    }

    /** Adds {@code value} to the sum at {@code at}, and keeps it as the largest after it if it is. */
    private static void add(long[] group, int at, long value) {
        group[at] += value;
        if (value > group[at + 1]) {
            group[at + 1] = value;
        }
    }

    /** {@code CASE WHEN a > b THEN a - b ELSE 0 END}, as the difference a - b. */
    private static long clamped(long difference) {
        return difference > 0 ? difference : 0;
    }

    private void addGroup(int key, long groupRows, long[] groupSums, long[] groupMaxes) {
        int at = slot(key);
        if (at < 0) {
            return;
        }
        figures[at] += groupRows;
        for (int m = 0; m < MEASURES; m++) {
            figures[at + 1 + 2 * m] += groupSums[m];
            figures[at + 2 + 2 * m] = Math.max(figures[at + 2 + 2 * m], groupMaxes[m]);
        }
    }

    /** Where group {@code key}'s figures start in {@link #figures}, a new group's if need be; -1 once abandoned. */
    private int slot(int key) {
        if (abandoned) {
            return -1; // their memory may be gone (abandon), and nothing added counts
        }
        if (key >= slotOfKey.length) {
            slotOfKey = Arrays.copyOf(slotOfKey, Math.max(key + 1, slotOfKey.length * 2));
        }
        int slot = slotOfKey[key] - 1;
        if (slot < 0) {
            if (groups == MAX_GROUPS) {
                abandon();
                return -1;
            }
            slot = groups++;
            if (slot == keys.length) {
                int size = slot * 2;
                keys = Arrays.copyOf(keys, size);
                figures = Arrays.copyOf(figures, size * STRIDE);
            }
            keys[slot] = key;
            slotOfKey[key] = slot + 1;
            for (int m = 0; m < MEASURES; m++) {
                figures[slot * STRIDE + 2 + 2 * m] = Long.MIN_VALUE;
            }
        }
        return slot * STRIDE;
    }

    /** Not kept from now on: their memory goes too. */
    private void abandon() {
        abandoned = true;
        groups = 0;
        slotOfKey = new int[0];
        keys = new int[0];
        figures = new long[0];
    }

    /** Adds {@code later}'s groups after these (the rows of calls still open at the end come after the others). */
    CallTotals plus(CallTotals later) {
        CallTotals all = empty();
        all.abandoned = abandoned || later.abandoned || !later.calibratedWith(calibration());
        all.deeperThanContext = deeperThanContext || later.deeperThanContext;
        for (CallTotals part : new CallTotals[] {this, later}) {
            for (int g = 0; g < part.groups; g++) {
                long[] groupSums = new long[MEASURES];
                long[] groupMaxes = new long[MEASURES];
                for (int m = 0; m < MEASURES; m++) {
                    groupSums[m] = part.sum(g, m);
                    groupMaxes[m] = part.max(g, m);
                }
                all.addGroup(part.keys[g], part.rows(g), groupSums, groupMaxes);
            }
        }
        return all;
    }

    /** The figures these are worked out with. */
    public Calibration calibration() {
        return new Calibration(callCostNanos, callInsideNanos, allocationCostNanos, 0, 0);
    }

    /** Whether the totals were kept (every row's context was one they hold, under one calibration). */
    public boolean kept() {
        return !abandoned;
    }

    /** Whether every call's depth is its context's ({@code depth} is then a function of the context). */
    public boolean depthsAreContexts() {
        return !deeperThanContext;
    }

    /** The groups, in the order their first rows came. */
    public int groups() {
        return groups;
    }

    public int context(int group) {
        return keys[group] >>> FLAG_BITS;
    }

    /** {@link #OUTERMOST} and {@link #ROOT} bits of the group's calls. */
    public int flags(int group) {
        return keys[group] & ((1 << FLAG_BITS) - 1);
    }

    public long rows(int group) {
        return figures[group * STRIDE];
    }

    /** The sum of measure {@code measure} over the group's calls. */
    public long sum(int group, int measure) {
        return figures[group * STRIDE + 1 + 2 * measure];
    }

    /** The largest value of measure {@code measure} among the group's calls. */
    public long max(int group, int measure) {
        return figures[group * STRIDE + 2 + 2 * measure];
    }

    /** The rows added up. */
    public long totalRows() {
        long total = 0;
        for (int g = 0; g < groups; g++) {
            total += rows(g);
        }
        return total;
    }

    void writeTo(DataOutputStream out) throws IOException {
        out.writeInt(MAGIC);
        out.writeDouble(callCostNanos);
        out.writeDouble(callInsideNanos);
        out.writeDouble(allocationCostNanos);
        out.writeBoolean(deeperThanContext);
        out.writeInt(abandoned ? -1 : groups);
        for (int g = 0; g < (abandoned ? 0 : groups); g++) {
            out.writeInt(keys[g]);
            out.writeLong(rows(g));
            for (int m = 0; m < MEASURES; m++) {
                out.writeLong(sum(g, m));
                out.writeLong(max(g, m));
            }
        }
    }

    /**
     * The totals {@link #writeTo} wrote, which must add up to {@code expectedRows} rows (unless
     * they were not kept); damaged when they are not whole or do not.
     */
    static CallTotals readFrom(DataInputStream in, long expectedRows) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IndexDamagedException("the state of calls holds no totals");
        }
        CallTotals totals = new CallTotals();
        totals.callCostNanos = in.readDouble();
        totals.callInsideNanos = in.readDouble();
        totals.allocationCostNanos = in.readDouble();
        totals.deeperThanContext = in.readBoolean();
        int groups = in.readInt();
        if (groups < 0) {
            totals.abandoned = true;
            return totals;
        }
        if (groups > MAX_GROUPS) {
            throw new IndexDamagedException("totals of calls hold " + groups + " groups, more than " + MAX_GROUPS);
        }
        long[] groupSums = new long[MEASURES];
        long[] groupMaxes = new long[MEASURES];
        for (int g = 0; g < groups; g++) {
            int key = in.readInt();
            long groupRows = in.readLong();
            if (key < 0 || key >>> FLAG_BITS >= MAX_CONTEXT || groupRows <= 0
                    || key < totals.slotOfKey.length && totals.slotOfKey[key] != 0) {
                throw new IndexDamagedException("totals of calls name group " + key + " with " + groupRows + " calls");
            }
            for (int m = 0; m < MEASURES; m++) {
                groupSums[m] = in.readLong();
                groupMaxes[m] = in.readLong();
            }
            totals.addGroup(key, groupRows, groupSums, groupMaxes);
        }
        if (totals.totalRows() != expectedRows) {
            throw new IndexDamagedException("totals of calls add up to " + totals.totalRows() + " rows, not " + expectedRows);
        }
        return totals;
    }
}
