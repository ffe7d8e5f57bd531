package org.profq.engine.index;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import org.profq.recording.Recording;

/**
 * A recording as the statements of a connection see it. Each statement (each Calcite
 * {@code DataContext}) gets one {@link Snapshot}, shared by every table it scans so a join
 * reads one consistent set of events; a new statement first checks whether the recording grew
 * (a recording still being written) and then sees the newer events, and whether the index
 * files it read are still the ones it verified (if not, the index is opened again, so checked
 * again). What the index has to say to the user (where it is kept, when not in the recording)
 * goes to the connection's notices, each said once.
 */
public final class LiveRecording implements AutoCloseable {
    private final Consumer<String> notices;
    private final Set<String> said = new HashSet<>();
    private Snapshot current;
    private WeakReference<Object> lastStatement = new WeakReference<>(null);

    /** {@code recording}, whose index's notices go to {@code notices}, each one once. */
    public LiveRecording(Recording recording, Consumer<String> notices) {
        this.notices = notices;
        this.current = new Snapshot(recording, this::say);
    }

    /** The recording as opened or last refreshed, for what does not belong to a statement. */
    public synchronized Recording recording() {
        return current.recording();
    }

    /** The snapshot {@code statement} reads: refreshed when a statement other than the last one asks. */
    public synchronized Snapshot at(Object statement) {
        if (lastStatement.get() != statement) {
            lastStatement = new WeakReference<>(statement);
            Recording newer = current.recording().refresh();
            if (newer != current.recording()) {
                current = new Snapshot(newer, this::say);
            } else {
                current.forgetIndexIfChangedOnDisk();
            }
        }
        return current;
    }

    @Override
    public synchronized void close() {
        current.recording().close();
    }

    private void say(String notice) {
        boolean first;
        synchronized (said) {
            first = said.add(notice);
        }
        if (first) {
            notices.accept(notice);
        }
    }

    /** A recording at one moment, and its index, opened on first use, its tables built as they are read. */
    public static final class Snapshot {
        private final Recording recording;
        private final Consumer<String> notices;
        private RecordingIndex index;

        Snapshot(Recording recording, Consumer<String> notices) {
            this.recording = recording;
            this.notices = notices;
        }

        public Recording recording() {
            return recording;
        }

        synchronized void forgetIndexIfChangedOnDisk() {
            if (index != null && !index.unchangedOnDisk()) {
                index = null;
            }
        }

        /**
         * What {@code read} makes of the index (a table's column readers), with {@code table}
         * ready to read, and the {@code alsoRead} tables too (those the statement reads: the
         * ones not built yet are built in the same pass). {@code read} maps, and so checks, the
         * columns it reads; when one of them is damaged, its table is rebuilt from events/ (one
         * line on stderr says why) and {@code read} runs again, so no damaged byte becomes a row.
         */
        public synchronized <T> T read(IndexColumn.Table table, Collection<IndexColumn.Table> alsoRead,
                                       Function<StoredColumns, T> read) {
            if (index == null) {
                index = RecordingIndex.of(recording, notices);
            }
            List<IndexColumn.Table> wanted = new ArrayList<>(alsoRead);
            wanted.add(table);
            index.prepare(wanted);
            try {
                return read.apply(index);
            } catch (DamagedTableException damaged) {
                index.rebuild(damaged);
                return read.apply(index); // damage in what was just built is no longer the index's to mend: it is thrown
            }
        }
    }
}
