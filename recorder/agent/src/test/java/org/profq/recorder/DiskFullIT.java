package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Loss;
import org.profq.recording.Recording;
import profq.samples.DiskFiller;
import profq.samples.ManyCalls;

/**
 * A disk that fills up while recording: a 3 MB tmpfs, and a program that makes about 15 MB of
 * events. The recorder stops before the disk is full, says so once, and counts every event it
 * could not keep; the program finishes normally. Also when the program itself then fills the
 * disk to the last byte, so that the recorder's small records fault. Needs root (mount), as CI has.
 */
class DiskFullIT {
    @Test
    void aFullDiskStopsTheRecordingWithOneWarningAndALossRecord(@TempDir Path temp) throws Exception {
        Path small = temp.resolve("small");
        java.nio.file.Files.createDirectories(small);
        Required.that(run("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", small.toString()) == 0,
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
                // The lost batches held CPU time readings too, as many as the clock thread made.
                long keptOrLost = recording.eventCount() - RecordingFacts.cpuReadings(recording) + recording.eventsLost();
                assertTrue(keptOrLost >= 10_000_002L && keptOrLost <= 10_000_002L + RecordingFacts.mostCpuReadings(recording),
                        "every event is either in the log or counted lost: " + keptOrLost);
                assertEquals(1, recording.warnings().size());
                recording.forEachEvent(event -> { }); // every kept event decodes
            }
        } finally {
            run("umount", "-l", small.toString()); // lazy: Chronicle unmaps its files in the background
        }
    }

    /**
     * The program fills the disk past the recorder's reserve, then to the last byte: the
     * recorder stops at the first, says so once, and writes no record it has no room for (one
     * written into a page the disk cannot back would fault after it was committed, and leave a
     * damaged document).
     */
    @Test
    void aDiskTheProgramFillsToTheLastByteIsStillSaidOnce(@TempDir Path temp) throws Exception {
        Path small = temp.resolve("small");
        java.nio.file.Files.createDirectories(small);
        Required.that(run("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", small.toString()) == 0,
                "mounting a tmpfs needs root");
        try {
            SampleRun.Result result = SampleRun.record(Jdk.current(), small.resolve("rec.profq"), "", DiskFiller.class,
                    small.toString());

            assertEquals(0, result.exitCode());
            assertEquals("sum 1750000\n", result.stdout());
            assertEquals(0, java.nio.file.Files.getFileStore(small).getUsableSpace(), "the program filled the disk");
            String almostFull = "the disk holding " + small.resolve("rec.profq/events") + " is almost full: recording"
                    + " stopped; the program runs on, and its events from now on are counted as lost";
            assertEquals("profq: " + almostFull + "\n", result.stderr());
            for (String filler : List.of("filler-1", "filler-2")) { // room for the reader, as a user makes before reading
                java.nio.file.Files.delete(small.resolve(filler));
            }
            try (Recording recording = result.open()) { // no damaged document: nothing was written without room
                assertEquals(List.of(almostFull), recording.warnings());
                assertTrue(recording.end().isEmpty(), "no room was left for the end record: the loss is unknown");
                recording.forEachEvent(event -> { });
            }
        } finally {
            run("umount", "-l", small.toString());
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }
}
