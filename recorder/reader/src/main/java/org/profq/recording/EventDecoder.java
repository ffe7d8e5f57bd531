package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.profq.format.BatchHeader;
import org.profq.format.ByteCursor;
import org.profq.format.Varint;

/**
 * Decodes batch documents into events for an {@link EventVisitor}, rebuilding each thread's
 * call nesting across its batches: a stack of open calls per thread gives every event its call
 * id, parent and depth.
 */
final class EventDecoder {
    private final Map<Integer, ThreadState> threads = new HashMap<>();
    private final Dictionaries dictionaries;
    private final BatchHeader header = new BatchHeader();
    /** A user event's values, reused from event to event (EventVisitor#userEvent). */
    private final int[] userColumns = new int[MAX_USER_VALUES];
    private final long[] userValues = new long[MAX_USER_VALUES];
    /** The thread of the previous batch: a thread's batches often follow each other. */
    private ThreadState last;
    private long eventsDecoded;
    /** Events passed to visitors, by {@link EventCounts.Kind}'s ordinal, since the log's start. */
    private final long[] kindCounts = new long[EventCounts.Kind.values().length];

    EventDecoder(Dictionaries dictionaries) {
        this.dictionaries = dictionaries;
    }

    /** The events of the batches decoded so far, as their headers count them. */
    long eventsDecoded() {
        return eventsDecoded;
    }

    /** The events of each kind passed to visitors since the log's start (counted on from a restored state). */
    EventCounts eventCounts() {
        return new EventCounts(kindCounts);
    }

    private void counted(EventCounts.Kind kind) {
        kindCounts[kind.ordinal()]++;
    }

    /**
     * Decodes one batch document (its kind byte at {@code bytes[0]}) and passes each event to {@code visitor}.
     *
     * <p>Only batches the {@link Recording} has scanned come here, and the scan refused any
     * whose CRC32C did not match its bytes. Consistency checks catch what a checksum cannot (a batch from another
     * recording, writer bugs): the thread, methods, sites and fields must be named; the events
     * must use up exactly the batch's bytes, and their times must add up to the batch's
     * last-event time; a batch that follows its thread's previous one (sequence + 1) must start
     * at that one's last time and call and object counts.
     */
    void decodeBatch(byte[] bytes, int length, EventVisitor visitor) {
        header.read(bytes, length);
        int threadId = header.threadId();
        long sequence = header.sequence();
        long time = header.baseNanos();
        long firstCall = header.firstCallSequence();
        long firstObject = header.firstObjectSequence();
        long count = header.eventCount();
        long lastNanos = header.lastNanos();
        ByteCursor cursor = new ByteCursor().reset(bytes, header.eventsOffset(), length); // the checksum was verified by the scan
        if (threadId < 1 || threadId > dictionaries.threads.size()) {
            throw malformed("a batch of thread " + threadId + ", which the recording never named");
        }
        ThreadState thread = last != null && last.threadId == threadId ? last
                : (last = threads.computeIfAbsent(threadId, ThreadState::new));
        if (thread.batches > 0 && sequence <= thread.sequence) {
            throw malformed("batch " + sequence + " of thread " + threadId + " follows its batch " + thread.sequence);
        }
        if (thread.batches > 0 && sequence == thread.sequence + 1 && (time != thread.lastNanos
                || firstCall != thread.callSequence || firstObject != thread.objectSequence)) {
            throw malformed("batch " + sequence + " of thread " + threadId + " does not continue where batch "
                    + thread.sequence + " ended (time, call or object count differ)");
        }
        if (count > length) {
            throw malformed("a batch of thread " + threadId + " claims " + count + " events in " + length + " bytes");
        }
        thread.batches++;
        eventsDecoded += count;
        thread.sequence = sequence;
        thread.callSequence = firstCall;
        thread.objectSequence = firstObject;
        // Named once a batch: the dictionaries do not change while a batch is decoded.
        int methodCount = dictionaries.methods.size();
        List<SiteInfo> sites = dictionaries.sites;
        int siteCount = sites.size();
        for (long i = 0; i < count; i++) {
            int tag = cursor.readByte();
            if ((tag & TIME_CHANGED) != 0) {
                time += cursor.readVarint();
            }
            switch (tag & KIND_MASK) {
                case EV_ENTER -> {
                    int method = cursor.readInt();
                    if (method != UNKNOWN_METHOD && method > methodCount) {
                        throw malformed("a call of method id " + method + ", which the recording never named");
                    }
                    thread.enter(method, time, visitor);
                    counted(EventCounts.Kind.CALL_ENTRY);
                }
                case EV_EXIT -> thread.exit(time, false, visitor);
                case EV_CPU -> {
                    visitor.cpuUsed(threadId, thread.parent(), cursor.readVarint(), time);
                    counted(EventCounts.Kind.CPU_TIME_READING);
                }
                case EV_EXIT_THREW -> thread.exit(time, true, visitor);
                case EV_ALLOC, EV_ALLOC_TRACKED -> {
                    SiteInfo site = knownSite(sites, siteCount, cursor.readInt());
                    thread.allocate(site, time, site.instanceSize(), -1, (tag & KIND_MASK) == EV_ALLOC_TRACKED, visitor);
                    counted(EventCounts.Kind.ALLOCATION);
                }
                case EV_ALLOC_ARRAY, EV_ALLOC_ARRAY_TRACKED -> {
                    SiteInfo site = knownSite(sites, siteCount, cursor.readInt());
                    int arrayLength = cursor.readInt();
                    thread.allocate(site, time, cursor.readVarint(), arrayLength,
                            (tag & KIND_MASK) == EV_ALLOC_ARRAY_TRACKED, visitor);
                    counted(EventCounts.Kind.ALLOCATION);
                }
                case EV_DEATH, EV_DEATH_AT_EXIT, EV_DEATH_UNREACHABLE_AT_EXIT, EV_DEATH_REACHABLE_AT_EXIT -> {
                    visitor.died(threadId, cursor.readVarint(), time, DeathKind.of(tag & KIND_MASK));
                    counted(EventCounts.Kind.DEATH);
                }
                case EV_USE_GET, EV_USE_SET, EV_USE_CALL -> {
                    long objectId = cursor.readVarint();
                    int kind = tag & KIND_MASK;
                    int member = cursor.readInt();
                    int known = kind == EV_USE_CALL ? dictionaries.methods.size() : dictionaries.fields.size();
                    if (member < 1 || member > known) {
                        throw malformed("a use of member id " + member + ", which the recording never named");
                    }
                    visitor.used(threadId, objectId, thread.parent(), UseKind.of(kind), member, time);
                    counted(EventCounts.Kind.USE);
                }
                case EV_THROW -> {
                    int classId = cursor.readInt();
                    if (classId < 1 || classId > dictionaries.classes.size()) {
                        throw malformed("an exception of class id " + classId + ", which the recording never named");
                    }
                    visitor.thrown(threadId, thread.parent(), classId, cursor.readInt(), time);
                    counted(EventCounts.Kind.EXCEPTION);
                }
                case EV_VALUE_CALL -> thread.valueWriteSeq = cursor.readVarint();
                case EV_VALUE_PRIMITIVE -> {
                    int position = position(cursor);
                    int type = cursor.readInt();
                    if (!ValueKind.isPrimitiveType(type)) {
                        throw malformed("a parameter of primitive type " + type + ", which the recorder never writes");
                    }
                    thread.parameter(position, ValueKind.ofPrimitive(type), type, 0, Varint.unzigzag(cursor.readVarint()), -1, 0,
                            0, time, visitor);
                }
                case EV_VALUE_STRING -> {
                    int position = position(cursor);
                    long hash = cursor.readVarint();
                    thread.parameter(position, ValueKind.STRING, 0, 0, hash, cursor.readInt(), 0, 0, time, visitor);
                }
                case EV_VALUE_ENUM -> {
                    int position = position(cursor);
                    int constant = cursor.readInt();
                    if (constant < 1 || constant > dictionaries.constants.size()) {
                        throw malformed("a parameter of enum constant id " + constant + ", which the recording never named");
                    }
                    int classId = dictionaries.constants.get(constant - 1).classId();
                    thread.parameter(position, ValueKind.ENUM, 0, classId, constant, -1, 0, 0, time, visitor);
                }
                case EV_VALUE_NULL -> thread.parameter(position(cursor), ValueKind.NULL, 0, 0, 0, -1, 0, 0, time, visitor);
                case EV_VALUE_OBJECT -> {
                    int position = position(cursor);
                    int classId = knownClass(cursor.readInt());
                    long objectId = cursor.readVarint();
                    long stamp = cursor.readVarint();
                    ValueKind kind = dictionaries.classes.get(classId - 1).name().endsWith("]") ? ValueKind.ARRAY : ValueKind.OBJECT;
                    thread.parameter(position, kind, 0, classId, 0, -1, objectId, stamp, time, visitor);
                }
                case EV_FOLLOWED -> {
                    long objectId = cursor.readVarint();
                    int classId = knownClass(cursor.readInt());
                    visitor.followed(threadId, thread.parent(), objectId, classId, cursor.readInt() == 1, time);
                    counted(EventCounts.Kind.OBJECT_FOLLOWED);
                }
                case EV_FIELD_WRITE -> {
                    long objectId = cursor.readVarint();
                    int field = knownField(cursor.readInt());
                    long writeSeq = cursor.readVarint();
                    visitor.fieldWritten(threadId, thread.parent(), objectId, field, writeSeq, cursor.readVarint(), time);
                    counted(writeSeq == 0 ? EventCounts.Kind.REFERENCE_HELD_WHEN_FOLLOWED : EventCounts.Kind.WRITE_TO_FOLLOWED_OBJECT);
                }
                case EV_REFERENCE_FIELD -> {
                    int method = cursor.readInt();
                    if (method < 1 || method > dictionaries.methods.size()) {
                        throw malformed("a reference field of method id " + method + ", which the recording never named");
                    }
                    visitor.referenceFieldRead(threadId, thread.parent(), method, knownField(cursor.readInt()), time);
                    counted(EventCounts.Kind.REFERENCE_FIELD_READ);
                }
                case EV_USER_EVENT -> i += userEvent(cursor, threadId, thread.parent(), time, visitor);
                default -> throw malformed("unknown event kind " + (tag & KIND_MASK) + " in a batch of thread " + threadId);
            }
        }
        if (cursor.position() != length) {
            throw malformed("batch " + sequence + " of thread " + threadId + " holds " + (length - cursor.position())
                    + " bytes after its " + count + " events");
        }
        if (time != lastNanos) {
            throw malformed("the events of batch " + sequence + " of thread " + threadId + " end at " + time
                    + " ns, but the batch says " + lastNanos + " ns");
        }
        thread.lastNanos = lastNanos;
    }

    /** A user event and its values, which follow it; returns how many value events it read. */
    private int userEvent(ByteCursor cursor, int threadId, long callId, long time, EventVisitor visitor) {
        int type = cursor.readInt();
        if (type < 1 || type > dictionaries.eventTypes.size()) {
            throw malformed("a user event of type id " + type + ", which the recording never named");
        }
        int count = cursor.readInt();
        if (count > MAX_USER_VALUES) {
            throw malformed("a user event with " + count + " values");
        }
        for (int v = 0; v < count; v++) {
            if (cursor.readByte() != EV_USER_VALUE) {
                throw malformed("a user event of type " + type + " missing its values");
            }
            int column = cursor.readInt();
            if (column < 1 || column > dictionaries.eventColumns.size()
                    || dictionaries.eventColumns.get(column - 1).eventTypeId() != type) {
                throw malformed("a value of user event column id " + column + ", which the recording never named for event type " + type);
            }
            userColumns[v] = column;
            userValues[v] = cursor.readVarint();
        }
        visitor.userEvent(threadId, callId, type, time, count, userColumns, userValues);
        counted(EventCounts.Kind.USER_EVENT);
        return count;
    }

    private static SiteInfo knownSite(List<SiteInfo> sites, int siteCount, int site) {
        if (site < 1 || site > siteCount) {
            throw malformed("an allocation at site id " + site + ", which the recording never named");
        }
        return sites.get(site - 1);
    }

    private int knownClass(int classId) {
        if (classId < 1 || classId > dictionaries.classes.size()) {
            throw malformed("a value of class id " + classId + ", which the recording never named");
        }
        return classId;
    }

    private int knownField(int fieldId) {
        if (fieldId < 1 || fieldId > dictionaries.fields.size()) {
            throw malformed("a write of field id " + fieldId + ", which the recording never named");
        }
        return fieldId;
    }

    /** A parameter's position: 0 (the receiver) to 255 (the JVM allows no more parameters). */
    private static int position(ByteCursor cursor) {
        int position = cursor.readInt();
        if (position > 255) {
            throw malformed("a parameter at position " + position);
        }
        return position;
    }

    private static ByteCursor.MalformedRecordException malformed(String message) {
        return new ByteCursor.MalformedRecordException(message);
    }

    /** What this decoder knows after the batches decoded so far: each thread's sequence, time, ids and open calls. */
    byte[] saveState() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(eventsDecoded);
            for (long count : kindCounts) {
                out.writeLong(count);
            }
            out.writeInt(threads.size());
            for (ThreadState thread : threads.values()) {
                out.writeInt(thread.threadId);
                out.writeLong(thread.batches);
                out.writeLong(thread.sequence);
                out.writeLong(thread.lastNanos);
                out.writeLong(thread.callSequence);
                out.writeLong(thread.objectSequence);
                out.writeLong(thread.valueWriteSeq);
                out.writeInt(thread.depth);
                for (int level = 0; level < thread.depth; level++) {
                    out.writeLong(thread.callIds[level]);
                    out.writeInt(thread.methodIds[level]);
                    out.writeLong(thread.startNanos[level]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The event counts a state {@link #saveState} gave holds; throws IOException when it is too short to hold them. */
    static EventCounts countsIn(byte[] state) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(state))) {
            in.readLong(); // eventsDecoded
            long[] counts = new long[EventCounts.Kind.values().length];
            for (int kind = 0; kind < counts.length; kind++) {
                counts[kind] = in.readLong();
            }
            return new EventCounts(counts);
        }
    }

    /** Takes up the state {@link #saveState} gave, before any batch is decoded. */
    void restoreState(DataInputStream in) throws IOException {
        eventsDecoded = in.readLong();
        for (int kind = 0; kind < kindCounts.length; kind++) {
            kindCounts[kind] = in.readLong();
        }
        for (int count = in.readInt(); count > 0; count--) {
            ThreadState thread = new ThreadState(in.readInt());
            thread.batches = in.readLong();
            thread.sequence = in.readLong();
            thread.lastNanos = in.readLong();
            thread.callSequence = in.readLong();
            thread.objectSequence = in.readLong();
            thread.valueWriteSeq = in.readLong();
            int depth = in.readInt();
            if (depth < 0 || depth > 1 << 24) {
                throw new IOException("a thread " + depth + " calls deep");
            }
            int capacity = Math.max(64, Integer.highestOneBit(Math.max(depth, 1)) * 2);
            thread.callIds = new long[capacity];
            thread.methodIds = new int[capacity];
            thread.startNanos = new long[capacity];
            for (int level = 0; level < depth; level++) {
                thread.callIds[level] = in.readLong();
                thread.methodIds[level] = in.readInt();
                thread.startNanos[level] = in.readLong();
            }
            thread.depth = depth;
            threads.put(thread.threadId, thread);
        }
        last = null;
    }

    /** Calls still open after the events decoded so far, innermost first within each thread, unfinished at {@code endNanos}. */
    List<Call> openCalls(long endNanos) {
        List<Call> open = new ArrayList<>();
        for (ThreadState thread : threads.values()) {
            for (int level = thread.depth - 1; level >= 0; level--) {
                open.add(new Call(thread.callIds[level], thread.threadId, thread.methodIds[level],
                        level == 0 ? 0 : thread.callIds[level - 1], level, thread.startNanos[level],
                        Math.max(thread.startNanos[level], endNanos), false, false));
            }
        }
        return open;
    }

    /** One thread's open calls and id sequences. */
    private final class ThreadState {
        final int threadId;
        long batches;
        long sequence;
        long lastNanos;
        long callSequence;
        long objectSequence;
        /** The global write sequence at the start of the thread's latest value-profiled call. */
        long valueWriteSeq;
        int depth;
        long[] callIds = new long[64];
        int[] methodIds = new int[64];
        long[] startNanos = new long[64];

        ThreadState(int threadId) {
            this.threadId = threadId;
        }

        void enter(int methodId, long time, EventVisitor visitor) {
            if (depth == callIds.length) {
                callIds = Arrays.copyOf(callIds, depth * 2);
                methodIds = Arrays.copyOf(methodIds, depth * 2);
                startNanos = Arrays.copyOf(startNanos, depth * 2);
            }
            long callId = threadId * ID_STRIDE + ++callSequence;
            visitor.callEntered(threadId, callId, parent(), depth, methodId, time);
            callIds[depth] = callId;
            methodIds[depth] = methodId;
            startNanos[depth] = time;
            depth++;
        }

        void exit(long time, boolean threw, EventVisitor visitor) {
            if (depth == 0) {
                return; // its entry was in a batch that was lost; the loss record counts it
            }
            depth--;
            visitor.callExited(threadId, callIds[depth], parent(), depth, methodIds[depth], startNanos[depth], time, threw);
            counted(EventCounts.Kind.CALL_EXIT);
        }

        void allocate(SiteInfo site, long time, long size, int arrayLength, boolean tracked, EventVisitor visitor) {
            long objectId = threadId * ID_STRIDE + ++objectSequence;
            visitor.allocated(threadId, objectId, parent(), site.id(), site.classId(), time, size, arrayLength, tracked);
        }

        /** A parameter of the innermost open call, a value-profiled one. */
        void parameter(int position, ValueKind kind, int primitiveType, int classId, long value, int length, long objectId,
                       long stamp, long time, EventVisitor visitor) {
            visitor.parameter(threadId, parent(), depth == 0 ? 0 : methodIds[depth - 1], position, kind, primitiveType, classId,
                    value, length, objectId, stamp, valueWriteSeq, time);
            counted(EventCounts.Kind.PARAMETER);
        }

        /** The innermost open call, 0 when none. */
        private long parent() {
            return depth == 0 ? 0 : callIds[depth - 1];
        }
    }
}
