package org.profq.difftest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The three sample recordings ({@link SampleRecordings#STANDARD}) recorded through the real
 * agent in forked JVMs, exported and opened once per test JVM, shared by the test classes.
 */
final class StandardRecordings {
    static final Path WORK = Path.of("target", "difftest-work");
    /**
     * The statement time limit of every check, in seconds: past it a query is a failure
     * (timeout); {@code -Dprofq.difftest.timeoutSeconds} sets another on a loaded machine.
     */
    static final int TIMEOUT_SECONDS = Integer.getInteger("profq.difftest.timeoutSeconds", 5);

    private static List<RecordingUnderTest> opened;

    private StandardRecordings() {
    }

    static synchronized List<RecordingUnderTest> open() throws Exception {
        if (opened == null) {
            List<RecordingUnderTest> targets = new ArrayList<>();
            for (SampleRecordings.Sample sample : SampleRecordings.STANDARD) {
                Path recording = SampleRecordings.record(sample, WORK);
                targets.add(RecordingUnderTest.open(sample.name(), recording, WORK, TIMEOUT_SECONDS));
            }
            opened = targets;
        }
        return opened;
    }

    static RecordingUnderTest named(String name) throws Exception {
        return open().stream().filter(target -> target.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no standard recording named " + name));
    }
}
