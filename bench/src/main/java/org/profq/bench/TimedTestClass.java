package org.profq.bench;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * In a JVM {@link JUnitExtensionCost} forks: runs one test class with the JUnit Platform and
 * prints the nanoseconds its run took (discovery and execution), in wall time and in CPU time of
 * the thread that runs the tests (where the extension's reading runs too; steadier than wall time
 * on a loaded machine) and of the whole JVM (the recorder's writer, the JIT and the collector
 * too), then the tests that passed and failed, and each failure.
 */
public final class TimedTestClass {
    private TimedTestClass() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long cpuStart = threads.getCurrentThreadCpuTime();
        com.sun.management.OperatingSystemMXBean system = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processStart = system.getProcessCpuTime();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Class.forName(args[0]))).build(), summary);
        long nanos = System.nanoTime() - start;
        long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        long processNanos = system.getProcessCpuTime() - processStart;
        System.out.println(nanos + " " + cpuNanos + " " + processNanos + " " + summary.getSummary().getTestsSucceededCount() + " " + summary.getSummary().getTotalFailureCount());
        summary.getSummary().getFailures().forEach(failure -> System.out.println(failure.getException().getMessage()));
    }
}
