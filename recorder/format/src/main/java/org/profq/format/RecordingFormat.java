package org.profq.format;

/**
 * The byte layout of a recording's event log, shared by the writer and the reader.
 *
 * <p>Every Chronicle document starts with one document-kind byte. A {@link #DOC_BATCH} holds
 * one thread's packed events: each is a tag byte ({@code kind | TIME_CHANGED?}) followed by a
 * varint time delta when {@link #TIME_CHANGED} is set, then the kind's varint fields.
 * Every document carries a CRC32C ({@link DocumentChecksums}), so damage is found, never
 * decoded: a batch's header ends with one of everything in the document after the kind byte
 * (the checksum's own four bytes excepted); every other document ends with one of all its
 * bytes before it.
 * Dictionary documents name an id before the first batch that uses it.
 *
 * <p>Version 2.0 added the checksums; 2.1 the field dictionary and use events; 2.2 the weaving
 * summary ({@link #DOC_WEAVING}); 2.3 the window ({@code maxsize}/{@code maxage}): such a
 * recording keeps its header and every document but the batches in a second queue,
 * {@code names/}, so that the oldest batches in {@code events/} can be deleted, and says what was
 * deleted in {@link #DOC_WINDOW} and {@link #LOSS_WINDOW} records. A recording without a window
 * is written in one queue (as 2.2 until 2.6). 2.4 added value profiles ({@code values=}): the value events
 * ({@link #EV_VALUE_CALL} to {@link #EV_REFERENCE_FIELD}) and their names ({@link #DOC_CONSTANT},
 * {@link #DOC_TEXT}); a recording made with {@code values=} is 2.4, with a window or without
 * (its {@code names/} queue says which), and one made without is written as before. 2.5 is a
 * recording made by attaching to a running JVM ({@code profq attach}): it adds
 * {@link #DOC_UNWOVEN}, the classes loaded before the attach, which the weaver never saw; one
 * made from the JVM's start is written as before. 2.6 added user-defined events ({@code Profq.event},
 * {@code aspects=}): {@link #EV_USER_EVENT} and {@link #EV_USER_VALUE}, their names
 * ({@link #DOC_EVENT_TYPE}, {@link #DOC_EVENT_COLUMN}, {@link #DOC_EVENT_STRING}) and the loss
 * cause {@link #LOSS_EVENT_REFUSED}. A program may emit its own events into any recording, so a
 * reader of 2.6 or later reads them whatever the minor version says of the other features.
 * 2.7 is a recording that follows deaths with the
 * final collection at exit (the default with {@code events=deaths}; {@code finalgc=false} skips
 * it): it adds {@link #EV_DEATH_UNREACHABLE_AT_EXIT} and {@link #EV_DEATH_REACHABLE_AT_EXIT}.
 * 2.8 added what tells the program's time from profq's: the overhead calibration
 * ({@link #DOC_CALIBRATION}), the thread CPU time charged to the open call ({@link #EV_CPU}) and
 * profq's own pseudo-methods ({@link #PROFQ_CLASS}, such as the weaving frame); every recording
 * has them, so every recording this profq writes is 2.8 ({@link #TIME_MINOR_VERSION}), whatever
 * else it holds: the minor versions before it say what a profq of that version wrote.
 * 2.9 added the garbage collections ({@link #DOC_COLLECTION}), which bound each tracked object's
 * death; a recording that follows deaths has them, one made without has none, and every recording
 * this profq writes is 2.9 ({@link #COLLECTIONS_MINOR_VERSION}). An older recording has no
 * collections: its deaths are bounded by their recorded time alone. 2.10 added the recorder's
 * statements that it had recorded every death the reported collections found
 * ({@link #DOC_DEATHS_RECORDED}), which let a whole-heap collection bound the deaths of the
 * objects it did not find from below; every recording this profq writes is 2.10
 * ({@link #DEATHS_RECORDED_MINOR_VERSION}).
 */
public final class RecordingFormat {
    public static final byte[] MAGIC = {'P', 'R', 'O', 'F', 'Q'};
    public static final int MAJOR_VERSION = 2;
    public static final int MINOR_VERSION = 10;
    /** The minor version that added user-defined events (see above). */
    public static final int USER_EVENTS_MINOR_VERSION = 6;
    /** The minor version of a recording with a window (see above). */
    public static final int WINDOW_MINOR_VERSION = 3;
    /** The minor version of a recording with value profiles (see above). */
    public static final int VALUES_MINOR_VERSION = 4;
    /** The minor version of a recording made by attaching to a running JVM (see above). */
    public static final int ATTACH_MINOR_VERSION = 5;
    /** The minor version of a recording with the final collection at exit (see above). */
    public static final int FINAL_GC_MINOR_VERSION = 7;
    /** The minor version of every recording this profq writes: it has calibration and CPU events (see above). */
    public static final int TIME_MINOR_VERSION = 8;
    /** The minor version of every recording this profq writes: it has the garbage collections when it follows deaths (see above). */
    public static final int COLLECTIONS_MINOR_VERSION = 9;
    /** The minor version of every recording this profq writes: it says when the collections' deaths were all recorded (see above). */
    public static final int DEATHS_RECORDED_MINOR_VERSION = 10;

    // Document kinds: the first byte of every document.
    /** magic, major, minor, then run metadata. Always the first document. */
    public static final byte DOC_HEADER = 1;
    /**
     * threadId, batchSequence, baseNanos, firstCallSequence, firstObjectSequence, eventCount,
     * lastNanos, a 4-byte little-endian CRC32C (see {@link #CHECKSUM_BYTES}), then events.
     */
    public static final byte DOC_BATCH = 2;
    /** classId, name. */
    public static final byte DOC_CLASS = 3;
    /** methodId, classId, name, descriptor, modifiers, sourceFile, line. */
    public static final byte DOC_METHOD = 4;
    /** siteId, methodId, line, classId, isArray, instanceSize. */
    public static final byte DOC_SITE = 5;
    /** threadId, javaThreadId, name, daemon, startNanos. */
    public static final byte DOC_THREAD = 6;
    /** threadId, cause, events. */
    public static final byte DOC_LOSS = 7;
    /** endNanos, eventsWritten, eventsLost, threadsStillRunning. */
    public static final byte DOC_END = 8;
    /** nanos, message: something the recorder could not do, e.g. a class left unwoven. */
    public static final byte DOC_WARNING = 9;
    /** fieldId, classId (declaring class), name, type (Java type name). */
    public static final byte DOC_FIELD = 10;
    /**
     * Written at the end: how the program's classes were woven. woven, unchanged (nothing to
     * weave), fromCache, generated (JDK-generated, left alone), reasonCount, then per reason:
     * reason, classes left unwoven for it.
     */
    public static final byte DOC_WEAVING = 11;
    /**
     * windowStartNanos, eventsDropped: the window's oldest segments were deleted. Every event
     * after windowStartNanos is kept; eventsDropped counts all events deleted so far (the last
     * such record holds the totals). In {@code names/} only.
     */
    public static final byte DOC_WINDOW = 12;
    /** constantId, classId (the enum), name: an enum constant that was a parameter of a value-profiled call. */
    public static final byte DOC_CONSTANT = 13;
    /**
     * hash, text: with {@code rawstrings=true}, the text of a string parameter whose 64-bit hash
     * is {@code hash} ({@link #EV_VALUE_STRING}), once per hash, cut to {@link #MAX_RAW_STRING_CHARS}.
     */
    public static final byte DOC_TEXT = 14;
    /**
     * reason, count, then count class names (as {@code Class.getName()}): classes left unwoven
     * together for one reason, such as having been loaded before the agent was attached. Written
     * at the attach, before any batch.
     */
    public static final byte DOC_UNWOVEN = 15;
    /** eventTypeId, name: a user-defined event ({@code Profq.event(name)}), before its first {@link #EV_USER_EVENT}. */
    public static final byte DOC_EVENT_TYPE = 16;
    /**
     * columnId, eventTypeId, name, type ({@link #COLUMN_LONG} ...): a column of a user-defined event,
     * typed by its first value, before the first {@link #EV_USER_VALUE} of it. Column ids are one
     * sequence over all events.
     */
    public static final byte DOC_EVENT_COLUMN = 17;
    /** stringId, text: a string value of a user-defined event, once per distinct text, cut to {@link #MAX_RAW_STRING_CHARS}. */
    public static final byte DOC_EVENT_STRING = 18;
    /**
     * callCostPicos, callInsidePicos, allocationCostPicos, cpuReadNanos, cpuPeriodNanos: what the
     * recorder's advice costs the program per recorded call (entry and exit; of which callInsidePicos
     * runs between the call's own two clock readings) and per recorded allocation on this JVM, in
     * picoseconds of CPU time, measured at the start by short loops: a call's where a woven call site
     * makes it (the advice path alone when the program ended first), an allocation's through the advice path;
     * what one reading of a thread's CPU time costs; how often each thread's CPU time is read ({@link #EV_CPU}).
     * Written once, soon after the header (the calibration runs on a thread of its own).
     */
    public static final byte DOC_CALIBRATION = 19;
    /**
     * gcId, collector, action, cause, startMillis, endMillis, arrivalNanos, baseLowNanos, baseHighNanos
     * (both zigzag): a garbage collection, as
     * the JVM's collector MXBean told of it once it had ended ({@code GarbageCollectionNotificationInfo}):
     * the JVM's collection number (per collector), the collector's name (e.g. {@code G1 Young Generation}),
     * its action ({@code end of minor GC}, {@code end of major GC}), the cause ({@code System.gc()},
     * {@code Allocation Failure}), its start and end in whole milliseconds on the JVM's collection clock,
     * when the notification reached the recorder, on profq's clock (after the end, by definition), and
     * where the JVM's collection clock reads 0 on profq's axis, at least baseLowNanos and at most
     * baseHighNanos (from the JVM's start time against the wall clock, read once at the start).
     * Written only when deaths are followed.
     */
    public static final byte DOC_COLLECTION = 20;
    /**
     * recordedByNanos, reportsThroughNanos: the recorder's reaper had recorded, each at a time
     * before recordedByNanos (on its own exact clock, as the deaths' times), the death of every
     * tracked object that a collection found whose report ({@link #DOC_COLLECTION}) arrived at or
     * before reportsThroughNanos: the collector's cleared references had all been enqueued
     * (the JDK's {@code Reference.waitForReferenceProcessing} said so) and the reaper had then
     * emptied its queue. So a death recorded after recordedByNanos, or never, was not found by
     * those collections. Written by the reaper when deaths are followed, at most once a report.
     */
    public static final byte DOC_DEATHS_RECORDED = 21;

    /**
     * A thread's events become a batch document when they fill this many bytes, or when an event
     * comes the flush interval ({@code flush=}, by default {@link #BATCH_MAX_AGE_NANOS}) after the
     * first event not yet in the log. The recorder holds at most two batches of a thread outside the
     * log (the one being filled, and one handed over to its writer thread), so a killed program (no
     * end record) loses at most {@link #UNWRITTEN_BYTES_PER_THREAD} of each thread's events, uncounted.
     */
    public static final int BATCH_CAPACITY_BYTES = 16 * 1024;
    /**
     * The most a killed program loses of each thread's events, uncounted: the events not yet in the
     * log, at most this many bytes, spanning less than one flush interval (see {@link #BATCH_CAPACITY_BYTES}).
     */
    public static final int UNWRITTEN_BYTES_PER_THREAD = 2 * BATCH_CAPACITY_BYTES;
    /** See {@link #BATCH_CAPACITY_BYTES}: the default flush interval; a thread's unwritten events span less than the interval. */
    public static final long BATCH_MAX_AGE_NANOS = 1_000_000_000L;

    /** The size of a document's CRC32C, written little-endian (see {@link DocumentChecksums}). */
    public static final int CHECKSUM_BYTES = 4;

    // Event kinds inside a batch: the low bits of the tag byte.
    /** methodId. */
    public static final int EV_ENTER = 1;
    /** (no fields): the innermost open call returned. */
    public static final int EV_EXIT = 2;
    /** (no fields): the innermost open call ended by throwing. */
    public static final int EV_EXIT_THREW = 3;
    /** siteId: an object whose size is the site's instance size. */
    public static final int EV_ALLOC = 4;
    /** siteId, arrayLength, sizeBytes (all arrays a multi-dimensional creation made). */
    public static final int EV_ALLOC_ARRAY = 5;
    /** siteId: as {@link #EV_ALLOC}, and the object is tracked: its death follows. */
    public static final int EV_ALLOC_TRACKED = 6;
    /** siteId, arrayLength, sizeBytes: as {@link #EV_ALLOC_ARRAY}, and the array is tracked. */
    public static final int EV_ALLOC_ARRAY_TRACKED = 7;
    /** objectId: a tracked object was found dead (its phantom reference was enqueued). */
    public static final int EV_DEATH = 8;
    /** objectId: a tracked object still followed when the recording ended, no final collection told whether it was reachable. */
    public static final int EV_DEATH_AT_EXIT = 9;
    /** classId, line: an exception thrown (or first seen) in the innermost open call, at that line. */
    public static final int EV_THROW = 10;
    /** objectId, fieldId: a tracked object's instance field was read. */
    public static final int EV_USE_GET = 11;
    /** objectId, fieldId: a tracked object's instance field was written. */
    public static final int EV_USE_SET = 12;
    /** objectId, methodId: an instance method of a tracked object was called. */
    public static final int EV_USE_CALL = 13;
    /**
     * writeSeq: the value-profiled call just entered (the innermost open call); its parameters
     * follow in the same batch, one event each, with no time delta: writeSeq is the global write
     * sequence then (every field write numbered up to it came before the call).
     */
    public static final int EV_VALUE_CALL = 14;
    /** position, type ({@code VALUE_INT}, ... with {@link #VALUE_BOXED}), value (zigzag; float and double as raw bits). */
    public static final int EV_VALUE_PRIMITIVE = 15;
    /** position, hash (64-bit content hash, {@code StringHash}), length: a {@code String} parameter. */
    public static final int EV_VALUE_STRING = 16;
    /** position, constantId ({@link #DOC_CONSTANT}): an enum constant parameter. */
    public static final int EV_VALUE_ENUM = 17;
    /** position: a null parameter. */
    public static final int EV_VALUE_NULL = 18;
    /**
     * position, classId, objectId, stamp: any other object or array parameter (position 0 is the
     * receiver), by its id and the global write sequence of the latest field write to it
     * (0: none seen).
     */
    public static final int EV_VALUE_OBJECT = 19;
    /**
     * objectId, classId, seenInto (1 or 0): the value profiler follows an object from now on,
     * reached from a parameter (or written into a followed object). 0: its writes are not all
     * seen (a JDK or unwoven class, an array, or past a walk's budget): equality over it is
     * undecidable.
     */
    public static final int EV_FOLLOWED = 20;
    /**
     * objectId, fieldId, writeSeq, valueObjectId: woven code wrote a field of a followed object
     * (valueObjectId: the followed object written into a reference field, 0 for null, a
     * primitive or an immutable value). writeSeq 0 is no write: the value a reference field
     * held when the object was first followed, the edge of its graph from then on.
     */
    public static final int EV_FIELD_WRITE = 21;
    /** methodId, fieldId: a value-profiled method's call (or a call inside it) read this field, for the first time. */
    public static final int EV_REFERENCE_FIELD = 22;
    /**
     * eventTypeId, valueCount: a user-defined event in the innermost open call; its values follow
     * in the same batch, valueCount {@link #EV_USER_VALUE} events with no time delta. A column
     * without a value is NULL.
     */
    public static final int EV_USER_EVENT = 23;
    /**
     * columnId, value: a value of the user-defined event before it; by the column's type, a zigzag
     * long, a double's raw bits, 1 or 0, or a {@link #DOC_EVENT_STRING} id.
     */
    public static final int EV_USER_VALUE = 24;
    /**
     * objectId: a tracked object found unreachable at exit, by the final collection (or already
     * enqueued, its death not yet written): it died at some time before the recording's end.
     */
    public static final int EV_DEATH_UNREACHABLE_AT_EXIT = 25;
    /** objectId: a tracked object still reachable after the final collection at exit. */
    public static final int EV_DEATH_REACHABLE_AT_EXIT = 26;
    /**
     * cpuNanos: CPU time this thread used, as read by the recorder every {@code cpuPeriodNanos}
     * ({@link #DOC_CALIBRATION}) and not yet written; charged to the innermost open call (the call
     * that was running when it was read, as no event came in between).
     */
    public static final int EV_CPU = 27;
    /** Tag bit: a varint time delta (ns since the previous event or batch base) follows. */
    public static final int TIME_CHANGED = 0x80;
    public static final int KIND_MASK = 0x7F;

    // Causes in a DOC_LOSS document.
    public static final int LOSS_WRITE_FAILED = 1;
    public static final int LOSS_AFTER_CLOSE = 2;
    public static final int LOSS_DISK_FULL = 3;
    /** Deleted with the oldest part of the window ({@code maxsize}, {@code maxage}). */
    public static final int LOSS_WINDOW = 4;
    /** User-defined events dropped: a value of another type than its column's, a bad name, too many columns (see the warnings). */
    public static final int LOSS_EVENT_REFUSED = 5;

    // Column types of DOC_EVENT_COLUMN.
    public static final int COLUMN_LONG = 1;
    public static final int COLUMN_DOUBLE = 2;
    public static final int COLUMN_BOOLEAN = 3;
    public static final int COLUMN_STRING = 4;

    // Primitive types of EV_VALUE_PRIMITIVE.
    public static final int VALUE_BOOLEAN = 1;
    public static final int VALUE_BYTE = 2;
    public static final int VALUE_CHAR = 3;
    public static final int VALUE_SHORT = 4;
    public static final int VALUE_INT = 5;
    public static final int VALUE_LONG = 6;
    public static final int VALUE_FLOAT = 7;
    public static final int VALUE_DOUBLE = 8;
    /** Added to a type: the parameter was its box ({@code java.lang.Integer}, ...). */
    public static final int VALUE_BOXED = 16;

    /** A user-defined event carries at most this many values ({@link #EV_USER_EVENT}), so it always fits a batch. */
    public static final int MAX_USER_VALUES = 64;

    /** Raw string parameters ({@link #DOC_TEXT}) are kept up to this many characters. */
    public static final int MAX_RAW_STRING_CHARS = 4096;

    /** Method id 0: a call whose join point AspectJ could not name (class-initialisation cycle). */
    public static final int UNKNOWN_METHOD = 0;

    /**
     * The class name of profq's own pseudo-methods: calls of them are time profq spent inside the
     * program's calls (the method {@link #WEAVING_METHOD}: weaving a class, or reading or writing the
     * woven-class cache, while the enclosing call loaded it), recorded as frames of their own so that
     * it is not charged to the program's methods.
     */
    public static final String PROFQ_CLASS = "<profq>";
    /** See {@link #PROFQ_CLASS}. */
    public static final String WEAVING_METHOD = "weaving";

    /** Why a class is left unwoven when the JVM had loaded it before {@code profq attach} loaded the agent. */
    public static final String LOADED_BEFORE_ATTACH = "loaded before profq attached";

    /** Call and object ids are {@code threadId * ID_STRIDE + sequence}: stable, readable, no coordination. */
    public static final long ID_STRIDE = 1_000_000_000_000L;
    /**
     * An object the value profiler follows that has no allocation id (it was not tracked, or not
     * allocated in woven code) is {@code threadId * ID_STRIDE + FOLLOWED_ID_OFFSET + sequence},
     * numbered by the thread that first reached it: apart from allocation ids, as readable.
     */
    public static final long FOLLOWED_ID_OFFSET = ID_STRIDE / 2;

    /** How many varint fields follow the tag (and time delta) of an event of {@code kind}; -1 for an unknown kind. */
    public static int fieldCount(int kind) {
        return switch (kind) {
            case EV_EXIT, EV_EXIT_THREW -> 0;
            case EV_ENTER, EV_ALLOC, EV_ALLOC_TRACKED, EV_DEATH, EV_DEATH_AT_EXIT, EV_DEATH_UNREACHABLE_AT_EXIT,
                 EV_DEATH_REACHABLE_AT_EXIT, EV_VALUE_CALL, EV_VALUE_NULL, EV_CPU -> 1;
            case EV_THROW, EV_USE_GET, EV_USE_SET, EV_USE_CALL, EV_VALUE_ENUM, EV_REFERENCE_FIELD, EV_USER_EVENT,
                 EV_USER_VALUE -> 2;
            case EV_ALLOC_ARRAY, EV_ALLOC_ARRAY_TRACKED, EV_VALUE_PRIMITIVE, EV_VALUE_STRING, EV_FOLLOWED -> 3;
            case EV_VALUE_OBJECT, EV_FIELD_WRITE -> 4;
            default -> -1;
        };
    }

    public static String lossCauseName(int cause) {
        return switch (cause) {
            case LOSS_WRITE_FAILED -> "write failed";
            case LOSS_AFTER_CLOSE -> "after close";
            case LOSS_DISK_FULL -> "disk full";
            case LOSS_WINDOW -> "window";
            case LOSS_EVENT_REFUSED -> "event refused";
            default -> "cause " + cause;
        };
    }

    /** The name of a {@code COLUMN_*} type, as SQL shows it. */
    public static String columnTypeName(int type) {
        return switch (type) {
            case COLUMN_LONG -> "BIGINT";
            case COLUMN_DOUBLE -> "DOUBLE";
            case COLUMN_BOOLEAN -> "BOOLEAN";
            case COLUMN_STRING -> "VARCHAR";
            default -> "type " + type;
        };
    }

    private RecordingFormat() {
    }
}
