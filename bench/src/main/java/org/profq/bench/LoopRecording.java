package org.profq.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes on disk per event: runs {@link RecordedLoop} under the profq agent in a fresh JVM,
 * then opens its recording with the reader API ({@link RecordingSize}, in a second JVM).
 */
final class LoopRecording {
    /** What the reader found: events, bytes of documents in the log (framing included), events lost. */
    record Size(long events, long logBytes, long eventsLost) {
        double bytesPerEvent() {
            return (double) logBytes / events;
        }
    }

    /** The event families each {@link RecordedLoop} workload records. */
    static String eventsOption(String workload) {
        return workload.equals("mixed") ? "calls:allocations" : workload;
    }

    static Size measure(BenchEnvironment environment, Configuration configuration, String workload, long iterations) {
        try (ScratchDirectory scratch = ScratchDirectory.create()) {
            List<String> record = new ArrayList<>();
            record.add(environment.java());
            record.add("-javaagent:" + environment.profqAgent() + "=include=profq.bench.target..*,events="
                    + eventsOption(workload) + ",out=" + scratch.recording()
                    + (configuration == Configuration.PROFQ_EXACT_CLOCK ? ",clock=exact" : ""));
            record.addAll(List.of("-cp", environment.benchJar().toString(), RecordedLoop.class.getName(),
                    workload, Long.toString(iterations)));
            run(record);

            List<String> read = new ArrayList<>();
            read.add(environment.java());
            read.addAll(List.of("-cp", environment.readerClassPath(), RecordingSize.class.getName(),
                    scratch.recording().toString()));
            String[] numbers = run(read).trim().split(" ");
            return new Size(Long.parseLong(numbers[0]), Long.parseLong(numbers[1]), Long.parseLong(numbers[2]));
        }
    }

    /** Runs a JVM to its end; its standard output, or an exception with its error output. */
    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = process.waitFor();
            if (status != 0) {
                throw new IllegalStateException("exit status " + status + " from " + String.join(" ", command));
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private LoopRecording() {
    }
}
