package org.profq.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

import profq.bench.target.Workload;

/**
 * CPU time per recorded operation, of the calling thread and of the whole process: a load-robust
 * companion to the JMH figures on a shared machine, where other work moves wall times but hardly
 * the CPU time a thread spends. Loops over the same {@link Workload} methods as the JMH
 * benchmarks; prints the median of 10 rounds after 5 warm-up rounds. Run it under whichever agent
 * is measured:
 *
 * <pre>
 * java -javaagent:bench/target/agents/profq-agent.jar=include=profq.bench.target..*,events=calls,out=/tmp/cpu.profq \
 *     -cp bench/target/profq-bench.jar org.profq.bench.CpuTimePerOperation call 20000000
 * </pre>
 *
 * Operations: {@code call} ({@link Workload#work}), {@code point} ({@link Workload#newPoint}, with
 * {@code events=allocations}), {@code array} ({@link Workload#newArray}).
 */
public final class CpuTimePerOperation {
    private static final int WARM_UP_ROUNDS = 5;
    private static final int ROUNDS = 10;
    /** Where allocated objects escape to, so that the JIT keeps the allocations. */
    private static volatile Object sink;

    public static void main(String[] args) {
        if (args.length != 2 || !Arrays.asList("call", "point", "array").contains(args[0])) {
            System.err.println("usage: CpuTimePerOperation call|point|array <operations per round>");
            System.exit(2);
        }
        String operation = args[0];
        int count = Integer.parseInt(args[1]);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] threadNanos = new double[ROUNDS];
        double[] processNanos = new double[ROUNDS];
        long results = 0;
        for (int round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
            long threadStart = threads.getCurrentThreadCpuTime();
            long processStart = system.getProcessCpuTime();
            results += run(operation, count);
            if (round >= 0) {
                threadNanos[round] = (threads.getCurrentThreadCpuTime() - threadStart) / (double) count;
                processNanos[round] = (system.getProcessCpuTime() - processStart) / (double) count;
            }
        }
        System.out.printf(Locale.ROOT, "%s: %.2f ns CPU per operation on the calling thread, %.2f ns in the whole process (%d)%n",
                operation, median(threadNanos), median(processNanos), results & 1);
    }

    private static long run(String operation, int count) {
        long sum = 0;
        switch (operation) {
            case "call" -> {
                for (int i = 0; i < count; i++) {
                    sum += Workload.work(i);
                }
            }
            case "point" -> {
                for (int i = 0; i < count; i++) {
                    sink = Workload.newPoint(i);
                }
            }
            default -> {
                for (int i = 0; i < count; i++) {
                    sink = Workload.newArray();
                }
            }
        }
        return sum;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private CpuTimePerOperation() {
    }
}
