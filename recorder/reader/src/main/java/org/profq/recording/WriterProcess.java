package org.profq.recording;

import java.time.Instant;
import java.util.Optional;

import org.profq.format.HostName;

/**
 * The process that writes a recording, as its header names it (pid, host, start time), asked
 * whether it may still be writing. Chronicle writes a document's bytes before its length word,
 * so a reader of a live recording meets length words still zero with bytes after them: those
 * are documents being written while their writer runs, and damage only once it is gone.
 *
 * <p>A writer on another machine cannot be asked, and is taken as gone. A pid is reused once
 * its process has ended, so a live process with the writer's pid is the writer only if it
 * started before the recording did (give or take the second the JVM rounds start times to).
 */
final class WriterProcess {
    private static final long START_SLACK_SECONDS = 2;

    private final RunInfo run;
    private boolean gone;

    WriterProcess(RunInfo run) {
        this.run = run;
    }

    /** False once the writer is known to be gone (for good: it does not come back). */
    boolean mayStillWrite() {
        if (!gone && !running()) {
            gone = true;
        }
        return !gone;
    }

    private boolean running() {
        if (!run.host().equals(HostName.local())) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(run.pid());
        if (process.isEmpty() || !process.get().isAlive()) {
            return false;
        }
        Instant recordingStart = Instant.ofEpochSecond(0, run.startedAtEpochNanos());
        Optional<Instant> processStart = process.get().info().startInstant();
        return processStart.isEmpty() || !processStart.get().isAfter(recordingStart.plusSeconds(START_SLACK_SECONDS));
    }
}
