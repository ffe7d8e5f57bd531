package org.profq.engine.index;

import org.profq.recording.EventVisitor;
import org.profq.recording.UseKind;

/**
 * The visitor one pass over the events drives: it counts the events (for the progress bar) and
 * hands each to the collector of every table being built, so one pass feeds all the tables a
 * query needs.
 */
final class EventFanOut implements EventVisitor {
    private final RowCollector[] collectors;
    private long events;

    EventFanOut(RowCollector[] collectors) {
        this.collectors = collectors.clone();
    }

    /** The events visited so far. */
    long events() {
        return events;
    }

    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
        events++;
        for (RowCollector collector : collectors) {
            collector.callEntered(threadId, callId, parentCallId, depth, methodId, timeNanos);
        }
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
        events++;
        for (RowCollector collector : collectors) {
            collector.callExited(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw);
        }
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        events++;
        for (RowCollector collector : collectors) {
            collector.allocated(threadId, objectId, callId, siteId, classId, timeNanos, sizeBytes, arrayLength, tracked);
        }
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, boolean atExit) {
        events++;
        for (RowCollector collector : collectors) {
            collector.died(threadId, objectId, timeNanos, atExit);
        }
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        events++;
        for (RowCollector collector : collectors) {
            collector.thrown(threadId, callId, classId, line, timeNanos);
        }
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        events++;
        for (RowCollector collector : collectors) {
            collector.used(threadId, objectId, callId, kind, memberId, timeNanos);
        }
    }
}
