package org.profq.recording;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.RecordedEvent.CallEntry;
import org.profq.recording.RecordedEvent.CallExit;
import org.profq.recording.RecordedEvent.CpuTime;
import org.profq.recording.RecordedEvent.Death;
import org.profq.recording.RecordedEvent.FieldWrite;
import org.profq.recording.RecordedEvent.Followed;
import org.profq.recording.RecordedEvent.Parameter;
import org.profq.recording.RecordedEvent.ReferenceField;
import org.profq.recording.RecordedEvent.Thrown;
import org.profq.recording.RecordedEvent.Use;

/** Makes a {@link RecordedEvent} of each event visited, for {@link EventReader#next}. */
final class RecordBuilder implements EventVisitor {
    private final Queue<RecordedEvent> events;

    RecordBuilder(Queue<RecordedEvent> events) {
        this.events = events;
    }

    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
        events.add(new CallEntry(threadId, callId, parentCallId, depth, methodId, timeNanos));
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
        events.add(new CallExit(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw));
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        events.add(new Allocation(threadId, objectId, callId, siteId, classId, timeNanos, sizeBytes, arrayLength, tracked));
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, DeathKind kind) {
        events.add(new Death(threadId, objectId, timeNanos, kind));
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        events.add(new Thrown(threadId, callId, classId, line, timeNanos));
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        events.add(new Use(threadId, objectId, callId, kind, memberId, timeNanos));
    }

    @Override
    public void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                          int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
        events.add(new Parameter(threadId, callId, methodId, position, kind, primitiveType, classId, value, length, objectId,
                stamp, writeSeq, timeNanos));
    }

    @Override
    public void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
        events.add(new Followed(threadId, callId, objectId, classId, seenInto, timeNanos));
    }

    @Override
    public void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                             long timeNanos) {
        events.add(new FieldWrite(threadId, callId, objectId, fieldId, writeSeq, valueObjectId, timeNanos));
    }

    @Override
    public void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
        events.add(new ReferenceField(threadId, callId, methodId, fieldId, timeNanos));
    }

    @Override
    public void userEvent(int threadId, long callId, int eventTypeId, long timeNanos, int valueCount, int[] columnIds,
                          long[] values) {
        List<RecordedEvent.UserValue> kept = new ArrayList<>(valueCount);
        for (int i = 0; i < valueCount; i++) {
            kept.add(new RecordedEvent.UserValue(columnIds[i], values[i]));
        }
        events.add(new RecordedEvent.UserEvent(threadId, callId, eventTypeId, timeNanos, List.copyOf(kept)));
    }

    @Override
    public void cpuUsed(int threadId, long callId, long cpuNanos, long timeNanos) {
        events.add(new CpuTime(threadId, callId, cpuNanos, timeNanos));
    }
}
