package org.profq.recording;

/**
 * What the recorder's advice cost the program, measured at the recording's start on its JVM
 * ({@code DOC_CALIBRATION}): per recorded call (entry and exit; {@code callInsideNanos} of it runs
 * between the call's own two clock readings, so lands in the call's own time, the rest in its
 * caller's) and per recorded allocation, in nanoseconds of CPU time (fractions kept); what one reading of a thread's CPU time cost; and how often each
 * thread's CPU time was read (0: never, the JVM could not tell it).
 */
public record Calibration(double callCostNanos, double callInsideNanos, double allocationCostNanos, long cpuReadNanos, long cpuPeriodNanos) {
}
