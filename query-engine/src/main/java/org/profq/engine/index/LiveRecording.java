package org.profq.engine.index;

import java.lang.ref.WeakReference;

import org.profq.recording.Recording;

/**
 * A recording as the statements of a connection see it. Each statement (each Calcite
 * {@code DataContext}) gets one {@link Snapshot}, shared by every table it scans so a join
 * reads one consistent set of events; a new statement first checks whether the recording grew
 * (a recording still being written) and then sees the newer events, and whether the index
 * files it read are still the ones it verified (if not, the index is opened again, so checked
 * again).
 */
public final class LiveRecording implements AutoCloseable {
    private Snapshot current;
    private WeakReference<Object> lastStatement = new WeakReference<>(null);

    public LiveRecording(Recording recording) {
        this.current = new Snapshot(recording);
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
                current = new Snapshot(newer);
            } else {
                current.forgetIndexIfChangedOnDisk();
            }
        }
        return current;
    }

    /** The snapshot as last refreshed, without refreshing it: for planning, which reads no rows. */
    public synchronized Snapshot current() {
        return current;
    }

    @Override
    public synchronized void close() {
        current.recording().close();
    }

    /** A recording at one moment, and its index, built or opened on first use. */
    public static final class Snapshot {
        private final Recording recording;
        private RecordingIndex index;

        Snapshot(Recording recording) {
            this.recording = recording;
        }

        public Recording recording() {
            return recording;
        }

        synchronized void forgetIndexIfChangedOnDisk() {
            if (index != null && !index.unchangedOnDisk()) {
                index = null;
            }
        }

        public synchronized RecordingIndex index() {
            if (index == null) {
                index = RecordingIndex.open(recording);
            }
            return index;
        }
    }
}
