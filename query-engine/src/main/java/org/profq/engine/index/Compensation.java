package org.profq.engine.index;

import org.profq.recording.Calibration;
import org.profq.recording.Recording;

/**
 * The calibrated cost of profq's advice for a call's events ({@code DOC_CALIBRATION}), each cost
 * rounded to whole ns as {@code calls.overhead_ns} and {@code calls.self_overhead_ns} read them
 * (the calibration's own spread is some ns: the rounding is well within it), and how the
 * {@link CallIndexer} takes it off the call tree so that its sums still hold: a call's compensated
 * self time is its self time less the part of the overhead that landed in its own code, at least
 * 0; what it could not pay (a call shorter than its advice, or one that fell between two ticks of
 * the clock and measured 0) is taken off its caller's self time instead, where the clock put that
 * time, and what its caller has not had the time to pay when it ends, it pays out of the time it
 * has left ({@link CallIndexer}); its compensated inclusive time is its compensated self time plus its callees' compensated
 * inclusive times. The same for CPU time. So no self time is below 0 and no caller's time below
 * its callees', at any level the calls are added up to (docs/accuracy-and-overhead.md, "Time").
 */
public final class Compensation {
    static final Compensation NONE = new Compensation(new Calibration(0, 0, 0, 0, 0));

    /** The costs in whole ns: so that a call's overhead is exactly its own plus its callees', with no rounding between. */
    private final long callCost;
    private final long callInside;
    private final long allocationCost;

    Compensation(Calibration calibration) {
        callCost = Math.round(calibration.callCostNanos());
        callInside = Math.min(Math.round(calibration.callInsideNanos()), callCost);
        allocationCost = Math.round(calibration.allocationCostNanos());
    }

    /** What is taken off {@code recording}'s calls: its calibration's costs; nothing where it has none. */
    public static Compensation of(Recording recording) {
        return recording.calibration().map(Compensation::new).orElse(NONE);
    }

    /** The costs taken off, in whole ns (those of {@code calls.overhead_ns} and {@code calls.self_overhead_ns}). */
    public Calibration calibration() {
        return new Calibration(callCost, callInside, allocationCost, 0, 0);
    }

    /** {@code calls.overhead_ns}: the advice of a call with these events inside it, its own included. */
    long overhead(long callsInside, long allocationsInside) {
        return callInside + callCost * callsInside + allocationCost * allocationsInside;
    }

    /** {@code calls.self_overhead_ns}: the part of it in the call's own code. */
    long selfOverhead(long callsMade, long allocationsMade) {
        return callInside + (callCost - callInside) * callsMade + allocationCost * allocationsMade;
    }
}
