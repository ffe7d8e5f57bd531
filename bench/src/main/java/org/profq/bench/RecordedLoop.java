package org.profq.bench;

import profq.bench.target.Workload;

/**
 * The loop whose recording gives bytes on disk per event: a plain program run once under the
 * profq agent, outside JMH, so its recording holds exactly the loop's events.
 *
 * <p>{@code RecordedLoop <workload> <iterations>}, where the workload is {@code calls} (one
 * {@link Workload#work} per iteration), {@code allocations} (one object and one array) or
 * {@code mixed} (all three, recorded with calls and allocations, as a user would).
 */
public final class RecordedLoop {
    public static void main(String[] args) {
        String workload = args[0];
        long iterations = Long.parseLong(args[1]);
        long checksum = 0;
        for (int i = 0; i < iterations; i++) {
            switch (workload) {
                case "calls" -> checksum += Workload.work(i);
                case "allocations" -> checksum += allocations(i);
                case "mixed" -> checksum += Workload.work(i) + allocations(i);
                default -> throw new IllegalArgumentException("unknown workload " + workload + "; use calls, allocations or mixed.");
            }
        }
        // Printed so that no part of the loop is dead code to the JIT.
        System.out.println("checksum " + checksum);
    }

    /** One object and one array, used only through woven-free code (a record accessor would be a call). */
    private static int allocations(int i) {
        return (Workload.newPoint(i) != null ? 1 : 0) + Workload.newArray().length;
    }

    private RecordedLoop() {
    }
}
