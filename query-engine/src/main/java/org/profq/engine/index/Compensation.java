package org.profq.engine.index;

import org.profq.recording.Calibration;

/**
 * The calibrated cost of profq's advice for a call's events ({@code DOC_CALIBRATION}), in whole ns
 * rounded as {@code calls.overhead_ns} and {@code calls.self_overhead_ns} read them, and how the
 * {@link CallIndexer} takes it off the call tree so that its sums still hold: a call's compensated
 * self time is its self time less the part of the overhead that landed in its own code, at least
 * 0; what it could not pay (a call shorter than its advice, or one that fell between two ticks of
 * the clock and measured 0) is taken off its caller's self time instead, where the clock put that
 * time; its compensated inclusive time is its compensated self time plus its callees' compensated
 * inclusive times. The same for CPU time. So no self time is below 0 and no caller's time below
 * its callees', at any level the calls are added up to (docs/accuracy-and-overhead.md, "Time").
 */
final class Compensation {
    static final Compensation NONE = new Compensation(new Calibration(0, 0, 0, 0, 0));

    private final Calibration calibration;

    Compensation(Calibration calibration) {
        this.calibration = calibration;
    }

    Calibration calibration() {
        return calibration;
    }

    /** Whether this takes off what {@code other} does. */
    boolean sameCosts(Calibration other) {
        return same(calibration.callCostNanos(), other.callCostNanos())
                && same(calibration.callInsideNanos(), other.callInsideNanos())
                && same(calibration.allocationCostNanos(), other.allocationCostNanos());
    }

    private static boolean same(double a, double b) {
        return Double.doubleToLongBits(a) == Double.doubleToLongBits(b);
    }

    /** {@code calls.overhead_ns}: the advice of a call with these events inside it, its own included. */
    long overhead(long callsInside, long allocationsInside) {
        return Math.round(calibration.callInsideNanos() + calibration.callCostNanos() * callsInside
                + calibration.allocationCostNanos() * allocationsInside);
    }

    /** {@code calls.self_overhead_ns}: the part of it in the call's own code. */
    long selfOverhead(long callsMade, long allocationsMade) {
        return Math.round(calibration.callInsideNanos() + (calibration.callCostNanos() - calibration.callInsideNanos()) * callsMade
                + calibration.allocationCostNanos() * allocationsMade);
    }
}
