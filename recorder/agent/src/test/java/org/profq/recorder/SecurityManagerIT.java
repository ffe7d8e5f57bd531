package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Recording;
import profq.samples.Lockdown;

/**
 * A program that installs a restrictive SecurityManager mid-run (JDK 17) and then makes
 * 3,000,000 more calls: the recorder keeps working, with nothing lost, and the program's
 * output (including the JVM's own deprecation warning) is as without profq.
 */
class SecurityManagerIT {
    @Test
    void theRecorderKeepsWorkingUnderARestrictiveSecurityManager(@TempDir Path temp) {
        Jdk jdk = Jdk.current();
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Lockdown.class);
        SampleRun.Result plain = SampleRun.plain(jdk, Lockdown.class);

        assertEquals(0, result.exitCode());
        assertEquals(plain.stdout(), result.stdout());
        assertEquals(plain.stderr(), result.stderr());
        try (Recording recording = result.open()) {
            assertTrue(recording.end().isPresent());
            // main, 10,000 + 3,000,000 calls of f, and the SecurityManager's allocation.
            assertEquals(2 + 2 * (10_000 + 3_000_000) + 1,
                    RecordingFacts.programEventCount(recording));
            assertEquals(0, recording.eventsLost());
        }
    }
}
