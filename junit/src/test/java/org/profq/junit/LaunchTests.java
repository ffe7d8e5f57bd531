package org.profq.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs a sample project's test classes in the JVM it is started in (forked by the tests, under the
 * profq agent), as a build tool's test runner does: prints each failed test and its message, and
 * exits 1 if one failed.
 */
public final class LaunchTests {
    private LaunchTests() {
    }

    public static void main(String[] testClasses) throws ClassNotFoundException {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        for (String name : testClasses) {
            request.selectors(selectClass(Class.forName(name)));
        }
        LauncherDiscoveryRequest discovery = request.build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(discovery, summary);
        TestExecutionSummary result = summary.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        result.getFailures().stream()
                .sorted((a, b) -> a.getTestIdentifier().getDisplayName().compareTo(b.getTestIdentifier().getDisplayName()))
                .forEach(failure -> out.println("FAILED " + failure.getTestIdentifier().getDisplayName() + "\n"
                        + failure.getException().getMessage()));
        out.println(result.getTestsSucceededCount() + " passed, " + result.getTotalFailureCount() + " failed");
        System.exit(result.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
