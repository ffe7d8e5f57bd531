package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

/** The rows of {@code followed_objects}: one per object a value profile follows, when it is first reached. */
final class FollowedObjectRows extends RowCollector {
    FollowedObjectRows() {
        super(Table.FOLLOWED_OBJECTS);
    }

    @Override
    public void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
        RowChunk row = rows;
        row.put(FOLLOWED_OBJECT_ID, objectId);
        row.put(FOLLOWED_CLASS_ID, classId);
        row.put(FOLLOWED_SEEN_INTO, seenInto ? 1 : 0);
        row.put(FOLLOWED_THREAD_ID, threadId);
        row.put(FOLLOWED_CALL_ID, callId);
        rows = rowWritten(row);
    }
}
