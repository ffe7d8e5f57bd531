package org.profq.engine.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.profq.recording.EventCounts;
import org.profq.recording.EventReader;
import org.profq.recording.ReaderCheckpoint;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

/**
 * How much of a recording, as opened, its index on disk covers, read from the tables' manifests
 * alone (no column is mapped, nothing is built): which tables are there, of this run, and up to
 * where in the log; and the events of each kind, which every build keeps in the reader checkpoint
 * it ends at ({@link ReaderCheckpoint#eventCounts()}), so that they are known without reading the
 * log. A table that is damaged, of another run or of an older index format counts as not there,
 * as a query would rebuild it.
 */
public final class IndexCoverage {
    private static final List<IndexColumn.Table> TABLES = java.util.Arrays.stream(IndexColumn.Table.values())
            .filter(table -> table.built() == table).toList();

    private final Recording recording;
    /** The tables found that hold this recording's events up to where it was opened or before, each with where its build ended. */
    private final List<Covered> covered;

    private record Covered(Path directory, IndexManifest manifest) {
    }

    private IndexCoverage(Recording recording, List<Covered> covered) {
        this.recording = recording;
        this.covered = covered;
    }

    /** The coverage of {@code recording}'s index, in the recording or in the user's cache (the first place that has each table). */
    public static IndexCoverage of(Recording recording) {
        List<Covered> covered = new ArrayList<>();
        IndexPlaces places = IndexPlaces.of(recording);
        for (IndexColumn.Table table : TABLES) {
            for (Path place : places.searched()) {
                Path directory = place.resolve(table.fileName);
                try {
                    if (!Files.isRegularFile(directory.resolve(IndexManifest.FILE))) {
                        continue;
                    }
                    Optional<IndexManifest> manifest = IndexManifest.read(directory, table);
                    if (manifest.isPresent() && (manifest.get().mismatch(recording).isEmpty() || manifest.get().grewSince(recording))) {
                        covered.add(new Covered(directory, manifest.get()));
                        break;
                    }
                } catch (IOException | RuntimeException unreadable) {
                    // damaged: a query rebuilds it, so it covers nothing
                }
            }
        }
        return new IndexCoverage(recording, covered);
    }

    /** Whether every table of the index is built and holds every event of the recording as opened. */
    public boolean complete() {
        return covered.size() == TABLES.size() && logBytesLeft() == 0;
    }

    /** Whether any table of the index is built (perhaps from fewer events than the recording holds now). */
    public boolean anyTable() {
        return !covered.isEmpty();
    }

    /** The tables of an index (each built alone; those built with another count as one with it). */
    public int tables() {
        return TABLES.size();
    }

    /** The tables built from this recording, whole or from fewer events than it holds now. */
    public int tablesBuilt() {
        return covered.size();
    }

    /**
     * Bytes of the log that a query of every table would still have to index: all of it when a
     * table is missing, else what was flushed after the table that ends earliest.
     */
    public long logBytesLeft() {
        if (covered.size() < TABLES.size()) {
            return recording.logBytes();
        }
        long least = covered.stream().mapToLong(table -> table.manifest.logBytes()).min().orElse(0);
        return recording.logBytes() - least;
    }

    /**
     * The events of each kind in the recording as opened: from the table whose build went furthest
     * through the log, and, when the log grew since, the events after it, read and counted; from
     * the log's start when no table is built (or none kept its counts). Empty when that would read
     * more than {@code readAtMostBytes} bytes of the log.
     */
    public Optional<EventCounts> eventCounts(long readAtMostBytes) {
        ReaderCheckpoint furthest = null;
        long furthestBytes = 0;
        for (Covered table : covered) {
            if (table.manifest.logBytes() <= furthestBytes) {
                continue;
            }
            try {
                ResumeState state = ResumeState.read(table.directory, table.manifest);
                furthest = ReaderCheckpoint.fromBytes(state.checkpoint());
                furthestBytes = table.manifest.logBytes();
            } catch (IOException | RuntimeException unreadable) {
                // replaced by an extension since, damaged, or an older checkpoint without counts: another table may do
            }
        }
        if (recording.logBytes() - furthestBytes > readAtMostBytes) {
            return Optional.empty();
        }
        if (furthest != null && furthestBytes == recording.logBytes()) {
            return Optional.of(furthest.eventCounts());
        }
        if (furthest != null) {
            try (EventReader events = recording.newEventReader(furthest)) {
                events.skipRest();
                return Optional.of(events.eventCounts());
            } catch (RecordingException cannotGoOn) {
                // the log file it ended in is gone (a window): counted from the start if that is small enough
                if (recording.logBytes() > readAtMostBytes) {
                    return Optional.empty();
                }
            }
        }
        try (EventReader events = recording.newEventReader()) {
            events.skipRest();
            return Optional.of(events.eventCounts());
        }
    }
}
