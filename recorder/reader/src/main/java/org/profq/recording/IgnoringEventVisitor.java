package org.profq.recording;

/**
 * A visitor that takes every event and keeps nothing: the base of one that wants a few kinds
 * (a table's rows of one kind, user events) or none (a pass that only counts).
 */
public abstract class IgnoringEventVisitor implements EventVisitor {
    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, DeathKind kind) {
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
    }
}
