package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Loss;
import org.profq.recording.Recording;
import profq.samples.ManyCalls;

/**
 * A disk that fills up while recording: a 3 MB tmpfs, and a program that makes about 15 MB of
 * events. The recorder stops before the disk is full, says so once, and counts every event it
 * could not keep; the program finishes normally. Needs root (mount), as CI has.
 */
class DiskFullIT {
    @Test
    void aFullDiskStopsTheRecordingWithOneWarningAndALossRecord(@TempDir Path temp) throws Exception {
        Path small = temp.resolve("small");
        java.nio.file.Files.createDirectories(small);
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", small.toString()) == 0,
                "mounting a tmpfs needs root");
        try {
            Jdk jdk = Jdk.current();
            SampleRun.Result result = SampleRun.record(jdk, small.resolve("rec.profq"), "", ManyCalls.class);

            assertEquals(0, result.exitCode());
            assertEquals(SampleRun.plain(jdk, ManyCalls.class).stdout(), result.stdout());
            assertEquals("profq: the disk holding " + small.resolve("rec.profq/events") + " is almost full: recording stopped;"
                    + " the program runs on, and its events from now on are counted as lost\n", result.stderr());
            try (Recording recording = result.open()) {
                assertTrue(recording.end().isPresent());
                List<Loss> losses = recording.losses();
                assertEquals(List.of("disk full"), losses.stream().map(Loss::cause).distinct().toList());
                assertTrue(recording.eventsLost() > 0);
                assertEquals(10_000_002L,
                        recording.eventCount() + recording.eventsLost(), "every event is either in the log or counted lost");
                assertEquals(1, recording.warnings().size());
                recording.forEachEvent(event -> { }); // every kept event decodes
            }
        } finally {
            run("umount", "-l", small.toString()); // lazy: Chronicle unmaps its files in the background
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }
}
