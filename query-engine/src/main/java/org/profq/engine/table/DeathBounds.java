package org.profq.engine.table;

import java.util.List;

import org.profq.recording.GarbageCollection;
import org.profq.recording.SurvivedCollection;

/**
 * Which collection found a tracked object, from the time its death was seen: the bound
 * {@code deaths.died_by_ns}.
 *
 * <p>A death is seen (its phantom reference dequeued) after the collection that found it ended,
 * so that collection started before the death's time; a later one may have started too before the
 * reaper got to it (a backlog), and the collections' places are bounds of their own
 * ({@link GarbageCollection}). So of the collections that started at or before the death's time
 * the one that ended last is taken: its end is at or after the finding collection's, an upper
 * bound of the death. The time the death was seen is one too, later than that end as a rule (the
 * collection's end is placed to within a millisecond or two): the bound is the earlier of the two.
 * Without such a collection (none recorded: an older recording, or a JVM that does not report
 * them), and for an object seen only at exit, the death's own time is the bound.
 *
 * <p>From below ({@code deaths.died_after_ns}), a whole-heap collection that did not find the
 * object proves it reachable at that collection's start, once the recorder had recorded every
 * death that collection found before it recorded this one ({@link SurvivedCollection}): of those,
 * the latest start is the bound. An object still followed at the end survived them all.
 */
final class DeathBounds {
    /** The collections' starts, ascending. */
    private final long[] starts;
    /** Of the collections up to each, the latest end and the collection it is. */
    private final long[] latestEnds;
    private final long[] latestEndIds;

    /** The whole-heap collections' times by which their deaths were recorded, ascending. */
    private final long[] recordedBys;
    /** Of the collections up to each (in that order), the latest start and the collection it is. */
    private final long[] latestStarts;
    private final long[] latestStartIds;

    DeathBounds(List<GarbageCollection> collections, List<SurvivedCollection> survived) {
        List<SurvivedCollection> byRecorded = survived.stream()
                .sorted(java.util.Comparator.comparingLong(SurvivedCollection::deathsRecordedByNanos)).toList();
        recordedBys = new long[byRecorded.size()];
        latestStarts = new long[byRecorded.size()];
        latestStartIds = new long[byRecorded.size()];
        long latestStart = 0;
        long latestStartId = -1;
        for (int i = 0; i < byRecorded.size(); i++) {
            SurvivedCollection collection = byRecorded.get(i);
            recordedBys[i] = collection.deathsRecordedByNanos();
            if (collection.startNanos() > latestStart) {
                latestStart = collection.startNanos();
                latestStartId = collection.collectionId();
            }
            latestStarts[i] = latestStart;
            latestStartIds[i] = latestStartId;
        }
        int n = collections.size();
        starts = new long[n];
        latestEnds = new long[n];
        latestEndIds = new long[n];
        long latestEnd = Long.MIN_VALUE;
        long latestId = 0;
        for (int i = 0; i < n; i++) {
            GarbageCollection collection = collections.get(i); // placed in order of start
            starts[i] = collection.startNanos();
            if (collection.endNanos() > latestEnd) {
                latestEnd = collection.endNanos();
                latestId = collection.collectionId();
            }
            latestEnds[i] = latestEnd;
            latestEndIds[i] = latestId;
        }
    }

    /** The death's upper bound ({@code died_by_ns}): see above. */
    long diedBy(long deathNanos, long atExit) {
        int found = atExit != 0 ? -1 : lastStartedBy(deathNanos);
        return found < 0 ? deathNanos : Math.min(latestEnds[found], deathNanos);
    }

    /** The collection taken as the one that found it ({@code collections.collection_id}, see above); -1 (NULL) when none. */
    long foundBy(long deathNanos, long atExit) {
        int found = atExit != 0 ? -1 : lastStartedBy(deathNanos);
        return found < 0 ? -1 : latestEndIds[found];
    }

    /** The death's lower bound from the collections ({@code deaths.died_after_ns}, see above): 0 when none proves one. */
    long diedAfter(long deathNanos, long atExit) {
        int survived = survivedThrough(deathNanos, atExit);
        return survived < 0 ? 0 : latestStarts[survived];
    }

    /** The collection whose start is that bound ({@code deaths.survived_collection_id}); -1 (NULL) when none. */
    long survivedCollection(long deathNanos, long atExit) {
        int survived = survivedThrough(deathNanos, atExit);
        return survived < 0 ? -1 : latestStartIds[survived];
    }

    /**
     * The index (in order of deaths recorded) of the last whole-heap collection whose deaths were all
     * recorded strictly before this one's: every one up to it missed the object. All of them for an
     * object seen at exit; -1 when none.
     */
    private int survivedThrough(long deathNanos, long atExit) {
        if (atExit != 0) {
            return recordedBys.length - 1;
        }
        int low = 0;
        int high = recordedBys.length - 1;
        int found = -1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (recordedBys[middle] < deathNanos) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return found;
    }

    /** The index of the last collection that started at or before {@code nanos}; -1 when none did. */
    private int lastStartedBy(long nanos) {
        int low = 0;
        int high = starts.length - 1;
        int found = -1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (starts[middle] <= nanos) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return found;
    }
}
