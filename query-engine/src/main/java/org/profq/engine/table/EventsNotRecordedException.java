package org.profq.engine.table;

import java.util.Optional;

import org.profq.engine.index.IndexColumn;
import org.profq.recording.RecordedEvents;
import org.profq.recording.Recording;

/**
 * A scan of a table whose event family the recording left out ({@code --events}, or chosen by
 * {@code profq record --for}): thrown when the scan starts, so SQL, the profiling language, JDBC,
 * reports and every view over the table fail with the same one sentence ("this recording has no
 * call events: it was recorded --for heap; ...") instead of returning no rows, which would read
 * as "the program made no calls". Tables of the families that were recorded are unaffected.
 */
public final class EventsNotRecordedException extends RuntimeException {
    private EventsNotRecordedException(String sentence) {
        super(sentence, null, false, false); // a sentence for the user; its stack says nothing
    }

    /** Throws when {@code recording} did not record the family whose events make {@code stored}. */
    static void check(IndexColumn.Table stored, Recording recording) {
        Optional<String> family = family(stored);
        if (family.isPresent()) {
            RecordedEvents recorded = RecordedEvents.of(recording.run().options());
            if (!recorded.has(family.get())) {
                throw new EventsNotRecordedException(recorded.notRecorded(family.get()));
            }
        }
    }

    /** The {@code --events} family an index table is made of; none for the value profiles' (they follow {@code --values}). */
    private static Optional<String> family(IndexColumn.Table stored) {
        return switch (stored) {
            case CALLS, CONTEXTS -> Optional.of("calls");
            case ALLOCATIONS -> Optional.of("allocations");
            case DEATHS -> Optional.of("deaths");
            case EXCEPTIONS -> Optional.of("exceptions");
            case USES -> Optional.of("uses");
            default -> Optional.empty();
        };
    }
}
