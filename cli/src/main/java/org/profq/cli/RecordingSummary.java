package org.profq.cli;

import java.nio.file.Path;
import java.util.Locale;

import org.profq.engine.api.IndexState;
import org.profq.engine.api.Recordings;
import org.profq.format.RecordingFormat;
import org.profq.format.RecordingLayout;
import org.profq.recording.Recording;
import org.profq.recording.RecordingGroup;

/**
 * The one line {@code profq record} prints on stderr after the program ends (stdout belongs to
 * the program): how many events went where, the log's size, losses, and whether the recording
 * is complete, and what is left to index ({@link #indexLeft}). Every figure comes from
 * {@link Recording} and the index's manifests, so {@code profq info} shows the same.
 */
final class RecordingSummary {
    /**
     * The summary of the recording in {@code directory}, or why it cannot be read. Opened from the
     * log scan's state the indexer kept while the program ran, if any: the log after it is read,
     * not the whole log again.
     */
    static String of(Path directory) {
        try (Recording recording = Recordings.open(directory)) {
            String summary = describe(directory, recording) + indexLeft(Recordings.indexState(recording));
            Recordings.keepScan(recording); // the next process reads the log flushed after this scan only
            return summary + '.';
        } catch (RuntimeException | AssertionError | LinkageError unreadable) {
            // Chronicle reports a JVM without the opens it needs with errors, not exceptions.
            String message = unreadable.getMessage() == null ? unreadable.toString() : unreadable.getMessage();
            return "the recording in " + directory + " cannot be read: " + message.strip().replaceAll("\\s*\\R\\s*", " ");
        }
    }

    static String describe(Path directory, Recording recording) {
        long events = recording.eventCount();
        long bytes = recording.logBytes();
        StringBuilder line = new StringBuilder()
                .append("recorded ").append(counted(events)).append(events == 1 ? " event" : " events")
                .append(" to ").append(directory)
                .append(" (").append(counted(bytes)).append(" bytes in the log");
        if (events > 0) {
            line.append(String.format(Locale.ROOT, ", %.1f bytes/event", (double) bytes / events));
        }
        line.append(", ").append(recording.end().isPresent() ? counted(recording.eventsLost()) + " lost"
                : "events lost unknown, " + counted(recording.eventsLost()) + " counted");
        long leftUnwoven = recording.weaving().map(weaving -> weaving.leftUnwoven()).orElse(0L);
        if (leftUnwoven > 0) {
            line.append(", ").append(leftUnwoven).append(leftUnwoven == 1 ? " class" : " classes").append(" left unwoven");
        }
        int warnings = recording.warnings().size();
        if (warnings > 0) {
            line.append(", ").append(warnings).append(warnings == 1 ? " recorder warning" : " recorder warnings");
        }
        line.append(')');
        if (recording.end().isEmpty()) {
            // No end record: the JVM died (SIGKILL, crash) before the recorder's shutdown hook ran.
            line.append("; the recording ended abruptly, so events not yet flushed when the program died are missing");
        }
        int laterJvms = RecordingGroup.jvms(directory).size() - 1;
        if (laterJvms > 0) {
            line.append("; and ").append(laterJvms).append(laterJvms == 1 ? " more JVM" : " more JVMs")
                    .append(" the program started, in ").append(RecordingLayout.jvmsDirectory(directory))
                    .append(" (profq info ").append(directory).append(" lists them)");
        }
        return line.toString();
    }

    /**
     * What the index holds now the program has ended: all of the recording, or what the first
     * query has left to index (it indexes the tables it reads; the log's size is in the summary).
     */
    static String indexLeft(IndexState index) {
        if (index.complete()) {
            return "; the index is ready";
        }
        if (!index.anyTable()) {
            return "; not indexed yet: the first query will build the index";
        }
        return "; indexed but for the last " + counted(index.logBytesLeft()) + " bytes of the log, which the first query will index";
    }

    /** A count as people read it, with thousands separators: 1,876,234,091. */
    static String counted(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /**
     * The events lost, for {@code profq info}: the counted losses by thread and cause; "unknown"
     * when there is no end record, as each thread's last events are then missing uncounted.
     */
    static String eventsLost(Recording recording) {
        long counted = recording.eventsLost();
        String losses = counted == 0 ? "" : " " + recording.losses();
        if (recording.end().isPresent()) {
            return counted + losses;
        }
        return "unknown — the program was killed before the recorder's end record; each thread's last events (at most "
                + RecordingFormat.UNWRITTEN_BYTES_PER_THREAD / 1024 + " KB or one flush interval (flush=, "
                + RecordingFormat.BATCH_MAX_AGE_NANOS / 1_000_000_000 + " second by default) of them) are missing; " + counted + " counted" + losses;
    }

    private RecordingSummary() {
    }
}
