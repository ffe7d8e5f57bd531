package org.profq.bench;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * In a JVM {@link JUnitExtensionCost} forks: runs one test class with the JUnit Platform and
 * prints the nanoseconds its run took (discovery and execution), then the tests that failed.
 */
public final class TimedTestClass {
    private TimedTestClass() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        long start = System.nanoTime();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Class.forName(args[0]))).build(), summary);
        long nanos = System.nanoTime() - start;
        System.out.println(nanos + " " + summary.getSummary().getTestsSucceededCount() + " " + summary.getSummary().getTotalFailureCount());
        summary.getSummary().getFailures().forEach(failure -> System.out.println(failure.getException().getMessage()));
    }
}
