package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.profq.format.Varint;
import org.profq.log.EventLog;

/**
 * One thread's event buffer and encoder: the hot path.
 *
 * <p>Only the owning thread appends. Each event is a tag byte, a varint time delta when the
 * clock moved, and its varint fields, written into a reused array: no allocation, no lock,
 * no clock call beyond {@link Clock#now}. A full buffer, or one whose events wait longer than the
 * flush interval ({@code flush=}), becomes one batch document in the log.
 *
 * <p>With a {@link BatchWriter} a full (or aged) buffer is handed over to the writer's thread,
 * which appends it to the log, and the thread goes on in its second buffer ({@link HandOvers}):
 * it waits only if that one is still being written. Without one (the overhead calibration's recorder, tests)
 * the owner appends the batch itself. A killed program loses what is not yet in the log: at most
 * the two buffers ({@code UNWRITTEN_BYTES_PER_THREAD}), and less than one flush interval of
 * events, as the interval runs from the oldest event not known to be written.
 *
 * <p>At shutdown another thread writes what the owner has appended so far while the owner may
 * still be running ({@link #flushAtEnd}), after the buffers it handed over. So that it never
 * reads half an event, the owner publishes {@code position} with a release store after each
 * complete event (a plain store on x86), and every flush holds this object's lock (taken once
 * per batch, not per event).
 */
final class ThreadRecorder {
    /** Room for the largest event: tag, delta and four varints. */
    private static final int MAX_EVENT_BYTES = 64;
    private static final int FLUSH_AT = BATCH_CAPACITY_BYTES - MAX_EVENT_BYTES;
    /** The longest the recording's end waits for a thread's handed-over batches before counting its last events lost. */
    private static final long END_WAIT_MILLIS = 5_000;
    final int threadId;
    /**
     * A batch is written at the first event this long after it started, so live readers see it
     * and a killed program loses no more.
     */
    private final long flushIntervalNanos;
    final Thread thread;
    private final BatchAppender appender;
    private final HandOvers handOvers;
    /** The bytes of the buffer being filled. */
    private byte[] events;
    private static final VarHandle POSITION;
    private static final VarHandle PENDING_CPU;

    static {
        try {
            POSITION = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "position", int.class);
            PENDING_CPU = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "pendingCpuNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private int position;
    /**
     * CPU time the clock thread read for this thread ({@link CpuTimes}) that this thread has not
     * yet written: its next event writes it first, as an {@code EV_CPU} charged to the call open
     * since the previous event. Added to by the clock thread, taken by the owner, atomically.
     */
    @SuppressWarnings("unused") // through PENDING_CPU
    private long pendingCpuNanos;
    /** The thread's CPU time at the clock thread's last reading; only the clock thread uses it. */
    long cpuReadNanos;
    private int eventCount;
    private long lastNanos;
    private long batchBaseNanos;
    /**
     * The time of the oldest event not known to be in the log: the batch's base, or the base of the
     * batch handed over before it until this thread sees that one written. The flush interval runs from here.
     */
    private long unwrittenSinceNanos;
    private long batchSequence;
    private long callSequence;
    /** Entries less exits: below 0 after the exits of calls begun before the recording (profq attach). */
    private int openCalls;
    private long objectSequence;
    private long batchFirstCall;
    private long batchFirstObject;

    /** Set once the recording's end took this thread's events: what it appends later is past the end. */
    private boolean retired;

    /** Per allocation site, the allocations left until its next tracked one. */
    private final SiteCountdowns trackingCountdowns = new SiteCountdowns();
    /** False when this thread's events are dropped: a tracked object's death would name an allocation never written. */
    private final boolean tracks;
    /**
     * While this recorder hands a batch over (or writes it), the recorder that takes the thread's
     * events instead and drops them: code another agent wove into the JDK (Mockito's inline mock
     * maker advises {@code Object.wait}, a Java method since JDK 21) runs inside profq's own
     * waiting, woven by profq in turn, and its events would begin inside the event being written,
     * then flush again, without end. Null otherwise.
     */
    private ThreadRecorder handingOverStandIn;
    private ThreadRecorder droppingStandIn;

    /** Stands in for the thread's recorder while the thread is being named ({@link #standingInWhileNamed}). */
    private boolean standsIn;
    /** Identity hash of the last exception recorded: not the exception itself, which would stay reachable. */
    private int lastThrownIdentity;

    /** This thread's {@code Profq.event} builder, made on its first event. */
    private UserEventBuilder userEvents;

    /** Value profiles' state on this thread ({@link ValueProfiler}). */
    final ValueCalls valueCalls;

    /** A recorder whose events are dropped: the overhead calibration's, a thread of profq's own, a stand-in. */
    static ThreadRecorder dropping(Thread thread) {
        return new ThreadRecorder(0, thread, null, Long.MAX_VALUE, null);
    }

    /**
     * A recorder that drops events and stands in for the thread's while the thread is being named:
     * the thread's real recorder replaces it then, so {@link CurrentRecorders} never caches it.
     */
    static ThreadRecorder standingInWhileNamed(Thread thread) {
        ThreadRecorder standIn = dropping(thread);
        standIn.standsIn = true;
        return standIn;
    }

    /** A recorder whose full buffers {@code writer} appends to {@code log} (null: the owner does). */
    ThreadRecorder(int threadId, Thread thread, EventLog log, long flushIntervalNanos, BatchWriter writer) {
        this.threadId = threadId;
        this.flushIntervalNanos = flushIntervalNanos;
        this.thread = thread;
        this.appender = new BatchAppender(threadId, log);
        this.handOvers = new HandOvers(log == null ? null : writer, appender);
        this.events = handOvers.filling();
        this.tracks = log != null;
        this.valueCalls = new ValueCalls(threadId);
        this.lastNanos = Clock.now();
        this.batchBaseNanos = lastNanos;
        this.unwrittenSinceNanos = lastNanos;
    }

    void enter(int methodId) {
        int p = begin(EV_ENTER);
        end(Varint.put(events, p, methodId));
        callSequence++;
        openCalls++;
    }

    void exit(boolean threw) {
        end(begin(threw ? EV_EXIT_THREW : EV_EXIT));
        openCalls--;
    }

    /** Whether a recorded call is running on this thread (profq's own time inside it gets a frame of its own). */
    boolean inCall() {
        return openCalls > 0;
    }

    /** An object allocation; returns its object id. */
    long allocation(int siteId, boolean tracked) {
        int p = begin(tracked ? EV_ALLOC_TRACKED : EV_ALLOC);
        end(Varint.put(events, p, siteId));
        return threadId * ID_STRIDE + ++objectSequence;
    }

    /** An array creation; returns its object id. */
    long arrayAllocation(int siteId, int length, long sizeBytes, boolean tracked) {
        int p = begin(tracked ? EV_ALLOC_ARRAY_TRACKED : EV_ALLOC_ARRAY);
        p = Varint.put(events, p, siteId);
        p = Varint.put(events, p, length);
        end(Varint.put(events, p, sizeBytes));
        return threadId * ID_STRIDE + ++objectSequence;
    }

    /** A tracked object's death ({@code EV_DEATH}) or end of the run ({@code EV_DEATH_*AT_EXIT}). */
    void death(long objectId, int kind) {
        int p = begin(kind);
        end(Varint.put(events, p, objectId));
    }

    /** A tracked object's death ({@code EV_DEATH}) seen at {@code nanos}, read from the precise clock by a thread that records nothing else. */
    void deathAt(long objectId, long nanos) {
        int p = begin(EV_DEATH, nanos);
        end(Varint.put(events, p, objectId));
    }

    /** A use ({@code EV_USE_GET}, {@code _SET} or {@code _CALL}) of a tracked object, by its field or method id. */
    void use(int kind, long objectId, int memberId) {
        int p = begin(kind);
        p = Varint.put(events, p, objectId);
        end(Varint.put(events, p, memberId));
    }

    void thrown(int classId, int line) {
        int p = begin(EV_THROW);
        p = Varint.put(events, p, classId);
        end(Varint.put(events, p, line));
    }

    /**
     * A value-profiled call's parameters follow, {@code parameters} events: they are kept in one
     * batch, so that its parameters are read together, and share the call's time.
     */
    void valueCall(long writeSeq, int parameters) {
        if (position + (parameters + 1) * MAX_EVENT_BYTES > FLUSH_AT) {
            flush();
        }
        int p = begin(EV_VALUE_CALL);
        end(Varint.put(events, p, writeSeq));
    }

    void primitiveValue(int position, int primitiveType, long value) {
        int p = beginParameter(EV_VALUE_PRIMITIVE, position);
        p = Varint.put(events, p, primitiveType);
        end(Varint.put(events, p, Varint.zigzag(value)));
    }

    void stringValue(int position, long hash, int length) {
        int p = beginParameter(EV_VALUE_STRING, position);
        p = Varint.put(events, p, hash);
        end(Varint.put(events, p, length));
    }

    void enumValue(int position, int constantId) {
        int p = beginParameter(EV_VALUE_ENUM, position);
        end(Varint.put(events, p, constantId));
    }

    void nullValue(int position) {
        end(beginParameter(EV_VALUE_NULL, position));
    }

    void objectValue(int position, int classId, long objectId, long stamp) {
        int p = beginParameter(EV_VALUE_OBJECT, position);
        p = Varint.put(events, p, classId);
        p = Varint.put(events, p, objectId);
        end(Varint.put(events, p, stamp));
    }

    void followed(long objectId, int classId, boolean seenInto) {
        int p = begin(EV_FOLLOWED);
        p = Varint.put(events, p, objectId);
        p = Varint.put(events, p, classId);
        end(Varint.put(events, p, seenInto ? 1 : 0));
    }

    void fieldWrite(long objectId, int fieldId, long writeSeq, long valueObjectId) {
        int p = begin(EV_FIELD_WRITE);
        p = Varint.put(events, p, objectId);
        p = Varint.put(events, p, fieldId);
        p = Varint.put(events, p, writeSeq);
        end(Varint.put(events, p, valueObjectId));
    }

    void referenceField(int methodId, int fieldId) {
        int p = begin(EV_REFERENCE_FIELD);
        p = Varint.put(events, p, methodId);
        end(Varint.put(events, p, fieldId));
    }

    /** This thread's user event builder, started for {@code name}. */
    UserEventBuilder startUserEvent(String name, UserEventTypes types) {
        if (userEvents == null) {
            userEvents = new UserEventBuilder(this, types);
        }
        return userEvents.start(name);
    }

    /**
     * A user-defined event and its {@code count} values: one event of the type and one per value,
     * kept in one batch and published together, so that a flush at the end never takes half of it.
     */
    void userEvent(int typeId, int count, int[] columnIds, long[] values) {
        if (position + (count + 1) * MAX_EVENT_BYTES > FLUSH_AT) {
            flush();
        }
        int p = begin(EV_USER_EVENT);
        p = Varint.put(events, p, typeId);
        p = Varint.put(events, p, count);
        for (int i = 0; i < count; i++) {
            eventCount++;
            events[p++] = (byte) EV_USER_VALUE;
            p = Varint.put(events, p, columnIds[i]);
            p = Varint.put(events, p, values[i]);
        }
        end(p);
    }

    /** User-defined events dropped for a refused value, counted apart from the log's losses. */
    long userEventsRefused() {
        return userEvents == null ? 0 : userEvents.eventsRefused();
    }

    /** Whether this allocation of {@code siteId} is tracked ({@link SiteCountdowns#tracksNext}); never when events are dropped. */
    boolean tracksNext(int siteId, int period) {
        return tracks && trackingCountdowns.tracksNext(siteId, period);
    }

    /** Whether {@code thrown} is the exception this thread last recorded (it is passing through frames). */
    boolean isLastThrown(Throwable thrown) {
        int identity = System.identityHashCode(thrown);
        if (identity == lastThrownIdentity) {
            return true;
        }
        lastThrownIdentity = identity;
        return false;
    }

    /** On the clock thread: CPU time this thread used since the last reading, to be written by its next event. */
    void addCpu(long cpuNanos) {
        PENDING_CPU.getAndAdd(this, cpuNanos);
    }

    /** The time of the last event: for the overhead calibration, the clock reading of the latest entry or exit. */
    long lastNanos() {
        return lastNanos;
    }

    /** For the overhead calibration: see {@link BatchAppender#droppedExitNanos}. */
    long droppedExitNanos() {
        return appender.droppedExitNanos();
    }

    /** Whether this recorder's events are dropped (the calibration's, or a thread of profq's own): it was never named in the log. */
    boolean dropsEvents() {
        return appender.dropsEvents();
    }

    boolean standsIn() {
        return standsIn;
    }

    /**
     * Writes the tag and time delta of a new event; returns where its fields go. CPU time read
     * since the previous event goes first: one plain load when there is none.
     */
    private int begin(int kind) {
        return begin(kind, Clock.now());
    }

    private int begin(int kind, long now) {
        if ((long) PENDING_CPU.getOpaque(this) != 0) {
            int p = beginAt(EV_CPU, now); // first: it may hand the buffer over, and events is then the other one
            end(Varint.put(events, p, (long) PENDING_CPU.getAndSet(this, 0L)));
        }
        return beginAt(kind, now);
    }

    private int beginAt(int kind, long now) {
        long delta = now - lastNanos;
        // The batch can only have aged when the clock moved: with the tick clock, rarely.
        if (position >= FLUSH_AT || (delta != 0 && now - unwrittenSinceNanos >= flushIntervalNanos)) {
            flushFullOrAged(now);
        }
        eventCount++;
        int p = position;
        if (delta == 0) {
            events[p++] = (byte) kind;
            return p;
        }
        events[p++] = (byte) (kind | TIME_CHANGED);
        lastNanos = now;
        return Varint.put(events, p, delta);
    }

    /**
     * The buffer is full, or the oldest event not known to be written is a flush interval old. That
     * one may be in the batch handed over before: once the writer has written it, only this batch's
     * age counts; while it has not, this batch is handed over, and the hand-over waits for the
     * writer, so that no more than a flush interval of events is ever outside the log.
     */
    private void flushFullOrAged(long now) {
        if (position < FLUSH_AT && handOvers.lastWritten()) {
            unwrittenSinceNanos = batchBaseNanos;
            if (now - batchBaseNanos < flushIntervalNanos) {
                return;
            }
        }
        flush();
    }

    /** Writes the tag and position of a parameter event: no time delta, no flush (see {@link #valueCall}). */
    private int beginParameter(int kind, int parameterPosition) {
        eventCount++;
        int p = position;
        events[p++] = (byte) kind;
        return Varint.put(events, p, parameterPosition);
    }

    /** Ends an event whose last byte is before {@code next}: publishes it to {@link #flushAtEnd}. */
    private void end(int next) {
        POSITION.setRelease(this, next);
    }

    /**
     * On the owning thread: makes the pending events one batch, handed over to the writer or
     * written here. (Once the owner has ended, {@link #flushAtEnd} takes its last events.)
     */
    synchronized void flush() {
        if (eventCount > 0 && !retired) {
            handingOverStandIn = droppingStandIn();
            try {
                if (handOvers.hasWriter()) {
                    events = handOvers.handOver(position, eventCount, batchSequence++, batchBaseNanos, batchFirstCall,
                            batchFirstObject, lastNanos);
                    unwrittenSinceNanos = batchBaseNanos; // the batch just handed over, until it is seen written
                } else {
                    writeBatch(position, eventCount, lastNanos);
                    unwrittenSinceNanos = lastNanos;
                }
            } finally {
                handingOverStandIn = null;
            }
        }
        position = 0;
        eventCount = 0;
        batchBaseNanos = lastNanos;
        batchFirstCall = callSequence;
        batchFirstObject = objectSequence;
    }

    /**
     * On the owning thread ({@code Profq.flush()}): makes the pending events one batch and waits
     * until the log has it and every batch before it, {@value HandOvers#HAND_OVER_WAIT_MILLIS} ms at most,
     * so that a reader sees this thread's events up to here. A thread inside profq's own writing
     * does not wait (see {@link BatchWriter#mayWait}).
     */
    void flushAndAwaitWritten() {
        flush();
        if (handOvers.mayWaitForWriter()) {
            handOvers.awaitWritten(HandOvers.HAND_OVER_WAIT_MILLIS);
        }
    }

    /**
     * At the recording's end, on any thread, while the owner may still be appending: writes
     * every event the owner has completed, and takes no more from this thread. The count and
     * last time are found by walking the events, as the owner's own fields may already
     * describe an event it has only begun.
     */
    synchronized void flushAtEnd() {
        if (retired) {
            return;
        }
        retired = true;
        // this thread's earlier batches first, so that they reach the log in sequence
        boolean earlierWritten = handOvers.awaitWritten(END_WAIT_MILLIS);
        int end = (int) POSITION.getAcquire(this);
        int count = 0;
        long time = batchBaseNanos;
        for (EventWalk walk = new EventWalk(events, end); walk.next(); count++) {
            time += walk.delta();
        }
        if (count > 0 && earlierWritten) {
            writeBatch(end, count, time);
        } else if (count > 0) {
            appender.countLost(count); // written now, they would reach the log before a batch the writer still holds
        }
    }

    /** Writes {@code events[0, length)} as one batch (or drops it); counts them lost if the log will not take them. */
    private void writeBatch(int length, int count, long lastEventNanos) {
        appender.append(events, length, count, batchSequence++, batchBaseNanos, batchFirstCall, batchFirstObject,
                lastEventNanos);
    }

    /** The recorder that takes this thread's events now: this one, or the one that drops them while this one hands a batch over. */
    ThreadRecorder active() {
        ThreadRecorder standIn = handingOverStandIn;
        return standIn == null ? this : standIn;
    }

    private ThreadRecorder droppingStandIn() {
        if (droppingStandIn == null) {
            droppingStandIn = standingInWhileNamed(thread); // never cached as the thread's recorder
        }
        return droppingStandIn;
    }

    /** The batches this thread made so far (written, handed over or dropped). */
    long batchCount() {
        return batchSequence;
    }

    long eventsWritten() {
        return appender.eventsWritten();
    }

    long eventsLost() {
        return appender.eventsLost();
    }
}
