package org.profq.engine.index;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;

import org.profq.recording.DeathKind;
import org.profq.recording.EventVisitor;
import org.profq.recording.UseKind;
import org.profq.recording.ValueKind;

/**
 * The visitor one pass over the events drives when it builds several tables: it hands each
 * event to the collectors of those tables that take it, so one pass feeds all the tables a
 * query needs. A collector takes the events whose visitor methods it overrides;
 * each kind of event goes to its takers alone, so each call here has one kind of collector
 * behind it (the JIT inlines it) and no collector is called for an event it ignores.
 */
final class EventFanOut implements EventVisitor {
    private final RowCollector[] callEntered;
    private final RowCollector[] callExited;
    private final RowCollector[] allocated;
    private final RowCollector[] died;
    private final RowCollector[] thrown;
    private final RowCollector[] used;
    private final RowCollector[] parameter;
    private final RowCollector[] followed;
    private final RowCollector[] fieldWritten;
    private final RowCollector[] referenceFieldRead;
    private final RowCollector[] cpuUsed;

    EventFanOut(Collection<RowCollector> collectors) {
        callEntered = takers(collectors, "callEntered");
        callExited = takers(collectors, "callExited");
        allocated = takers(collectors, "allocated");
        died = takers(collectors, "died");
        thrown = takers(collectors, "thrown");
        used = takers(collectors, "used");
        parameter = takers(collectors, "parameter");
        followed = takers(collectors, "followed");
        fieldWritten = takers(collectors, "fieldWritten");
        referenceFieldRead = takers(collectors, "referenceFieldRead");
        cpuUsed = takers(collectors, "cpuUsed");
    }

    /** The collectors that override the visitor method {@code event}. */
    private static RowCollector[] takers(Collection<RowCollector> collectors, String event) {
        Method visit = Arrays.stream(EventVisitor.class.getMethods()).filter(method -> method.getName().equals(event))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(event + " is no EventVisitor method"));
        return collectors.stream().filter(collector -> overrides(collector.getClass(), visit)).toArray(RowCollector[]::new);
    }

    private static boolean overrides(Class<?> collector, Method visit) {
        for (Class<?> type = collector; type != RowCollector.class; type = type.getSuperclass()) {
            try {
                type.getDeclaredMethod(visit.getName(), visit.getParameterTypes());
                return true;
            } catch (NoSuchMethodException notHere) {
                // look in its superclass
            }
        }
        return false;
    }

    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
        for (RowCollector collector : callEntered) {
            collector.callEntered(threadId, callId, parentCallId, depth, methodId, timeNanos);
        }
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
        for (RowCollector collector : callExited) {
            collector.callExited(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw);
        }
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        for (RowCollector collector : allocated) {
            collector.allocated(threadId, objectId, callId, siteId, classId, timeNanos, sizeBytes, arrayLength, tracked);
        }
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, DeathKind kind) {
        for (RowCollector collector : died) {
            collector.died(threadId, objectId, timeNanos, kind);
        }
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        for (RowCollector collector : thrown) {
            collector.thrown(threadId, callId, classId, line, timeNanos);
        }
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        for (RowCollector collector : used) {
            collector.used(threadId, objectId, callId, kind, memberId, timeNanos);
        }
    }

    @Override
    public void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                          int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
        for (RowCollector collector : parameter) {
            collector.parameter(threadId, callId, methodId, position, kind, primitiveType, classId, value, length,
                    objectId, stamp, writeSeq, timeNanos);
        }
    }

    @Override
    public void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
        for (RowCollector collector : followed) {
            collector.followed(threadId, callId, objectId, classId, seenInto, timeNanos);
        }
    }

    @Override
    public void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                             long timeNanos) {
        for (RowCollector collector : fieldWritten) {
            collector.fieldWritten(threadId, callId, objectId, fieldId, writeSeq, valueObjectId, timeNanos);
        }
    }

    @Override
    public void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
        for (RowCollector collector : referenceFieldRead) {
            collector.referenceFieldRead(threadId, callId, methodId, fieldId, timeNanos);
        }
    }

    @Override
    public void cpuUsed(int threadId, long callId, long cpuNanos, long timeNanos) {
        for (RowCollector collector : cpuUsed) {
            collector.cpuUsed(threadId, callId, cpuNanos, timeNanos);
        }
    }
}
