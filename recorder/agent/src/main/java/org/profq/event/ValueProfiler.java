package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.aspectj.lang.JoinPoint;
import org.profq.event.FollowedObjects.FollowedReference;

/**
 * Value profiles in one run ({@code values=}): what the Kamio–Masuhara profiler needs to decide,
 * after the run, whether two calls had equal parameters, under MT+R and MT+R/M equality.
 *
 * <ul>
 * <li>Per call of a chosen method ({@link ValueChoice}): each parameter, the receiver first
 * (position 0): primitives and boxes by value, strings by a 64-bit hash and length, enums by
 * constant, null, and any other object or array by its id and stamp.</li>
 * <li>Objects are followed from the first time they are a parameter: they get an id (their
 * allocation id when tracked), and so does everything they reach through reference fields,
 * found by reflection once (the object graph's edges, written as field writes of sequence 0).
 * Objects whose writes profq cannot all see (JDK or unwoven classes with mutable fields, arrays)
 * are followed too, marked, so that equality over them is undecidable rather than guessed.</li>
 * <li>Every field write woven code makes to a followed object advances one global write
 * sequence and is recorded, with the object written for a reference field (followed from then
 * on): the object graph and its modification times can be rebuilt at any moment. A write to an
 * object that is not followed costs a look-up and records nothing.</li>
 * <li>Every field read inside a chosen call (its callees included) adds the field to the
 * method's reference field set, recorded once per method and field.</li>
 * </ul>
 */
final class ValueProfiler {
    /** A walk from a new object follows at most this many new objects; the rest are followed unseen. */
    static final int MAX_OBJECTS_PER_WALK = 10_000;

    /** The global write sequence: the number of field writes to followed objects so far. */
    private static final AtomicLong WRITES = new AtomicLong();
    /** Chosen calls running on any thread: field reads are looked at only while there are some. */
    private static final AtomicInteger RUNNING = new AtomicInteger();

    private final Dictionary dictionary;
    private final TrackedObjects tracked;
    private final boolean rawStrings;
    private final FollowedObjects followed = new FollowedObjects();
    private final ClassShapes shapes;
    /** Method id × field id pairs recorded as reference fields. */
    private final LongSet referenceFields = new LongSet();
    /** Hashes of the strings whose text was written ({@code rawstrings=true}). */
    private final LongSet textsWritten = new LongSet();

    /** {@code tracked}: the tracked objects, whose allocation ids followed objects keep. */
    ValueProfiler(Dictionary dictionary, TrackedObjects tracked, boolean rawStrings) {
        this.dictionary = dictionary;
        this.tracked = tracked;
        this.rawStrings = rawStrings;
        this.shapes = new ClassShapes(dictionary);
    }

    static boolean callsRunning() {
        return RUNNING.get() > 0;
    }

    /** A chosen call starts: records its parameters (unless the thread is recording some already). */
    void parameters(ThreadRecorder thread, JoinPoint call) {
        ValueChoice.ChosenMethod method = ValueChoice.chosen(call.getStaticPart());
        thread.valueCalls.push(method.methodId());
        RUNNING.incrementAndGet();
        if (thread.valueCalls.recording) {
            return; // a chosen method the recorder's own work ran (a woven class loader): not the program's call
        }
        thread.valueCalls.recording = true;
        try {
            record(thread, method, method.hasReceiver() ? call.getThis() : null, call.getArgs());
        } finally {
            thread.valueCalls.recording = false;
        }
    }

    /** A chosen call ends. */
    void parametersEnd(ThreadRecorder thread) {
        if (thread.valueCalls.pop()) {
            RUNNING.decrementAndGet();
        }
    }

    /** Woven code writes a field of {@code target}; {@code value} is what a reference field gets (null for a primitive field). */
    void fieldWrite(Object target, Object value, JoinPoint.StaticPart access) {
        FollowedReference written = followed.find(target);
        if (written == null) {
            return; // the common case: no thread-local look-up, nothing recorded
        }
        ThreadRecorder thread = Recorder.currentThread();
        long valueId = value == null || shapes.get(value.getClass()).immutable() ? 0 : follow(value, thread).objectId();
        long sequence = WRITES.incrementAndGet();
        written.lastWrite = sequence;
        int fieldId = dictionary.fieldId(access);
        if (fieldId != 0) { // 0: a field woven code could not name (counted); the write still changes the object's stamp
            thread.fieldWrite(written.objectId(), fieldId, sequence, valueId);
        }
    }

    /** Woven code reads a field while some chosen call runs: it joins the reference field set of this thread's. */
    void fieldRead(JoinPoint.StaticPart access, ThreadRecorder thread) {
        ValueCalls calls = thread.valueCalls;
        int depth = calls.depth();
        if (depth == 0) {
            return;
        }
        int fieldId = dictionary.fieldId(access);
        if (fieldId == 0) {
            return; // a field woven code could not name (counted)
        }
        for (int level = 0; level < depth; level++) {
            int methodId = calls.method(level);
            if (referenceFields.add((long) methodId << 32 | fieldId)) {
                thread.referenceField(methodId, fieldId);
            }
        }
    }

    private void record(ThreadRecorder thread, ValueChoice.ChosenMethod method, Object receiver, Object[] arguments) {
        int first = method.hasReceiver() ? 0 : 1;
        int positions = arguments.length + 1;
        long[] ids = thread.valueCalls.ids(positions);
        long[] stamps = thread.valueCalls.stamps(positions);
        // Objects first: following a new one writes events of its own, which must not split the parameters.
        for (int position = first; position < positions; position++) {
            Object value = position == 0 ? receiver : arguments[position - 1];
            ids[position] = 0;
            if (value != null && !byValue(value)) {
                FollowedReference reference = follow(value, thread);
                ids[position] = reference.objectId();
                stamps[position] = reference.lastWrite;
            }
        }
        thread.valueCall(WRITES.get(), positions - first);
        for (int position = first; position < positions; position++) {
            Object value = position == 0 ? receiver : arguments[position - 1];
            int declaredKind = method.declaredKinds()[position];
            if (declaredKind != 0) {
                thread.primitiveValue(position, declaredKind, bits(value));
            } else if (value == null) {
                thread.nullValue(position);
            } else if (ids[position] != 0) {
                thread.objectValue(position, shapes.get(value.getClass()).classId(), ids[position], stamps[position]);
            } else if (value instanceof String text) {
                long hash = StringHash.of(text);
                if (rawStrings && textsWritten.add(hash == 0 ? 1 : hash)) {
                    dictionary.text(hash, text.length() <= MAX_RAW_STRING_CHARS ? text : text.substring(0, MAX_RAW_STRING_CHARS));
                }
                thread.stringValue(position, hash, text.length());
            } else if (value instanceof Enum<?> constant) {
                thread.enumValue(position, dictionary.constantId(constant));
            } else {
                thread.primitiveValue(position, primitiveType(value.getClass()) | VALUE_BOXED, bits(value));
            }
        }
    }

    /**
     * The followed reference of {@code root}, following it now if it is new, and with it every
     * object it reaches through reference fields that is not followed yet (at most
     * {@link #MAX_OBJECTS_PER_WALK}; beyond, objects are followed as unseen). Each newly followed
     * object's reference fields are written as its graph's edges (write sequence 0).
     */
    private FollowedReference follow(Object root, ThreadRecorder thread) {
        FollowedReference known = followed.find(root);
        if (known != null) {
            return known;
        }
        List<Object> pending = new ArrayList<>();
        List<FollowedReference> pendingReferences = new ArrayList<>();
        int[] budget = {MAX_OBJECTS_PER_WALK};
        FollowedReference rootReference = newlyFollowed(root, thread, budget, pending, pendingReferences);
        for (int next = 0; next < pending.size(); next++) {
            Object object = pending.get(next);
            long objectId = pendingReferences.get(next).objectId();
            ClassShapes.Shape shape = shapes.get(object.getClass());
            for (int field = 0; field < shape.references().length; field++) {
                Object value;
                try {
                    value = shape.references()[field].get(object);
                } catch (IllegalAccessException e) {
                    value = null; // accessible since its shape was made
                }
                long valueId = 0;
                if (value != null && !shapes.get(value.getClass()).immutable()) {
                    FollowedReference reference = followed.find(value);
                    valueId = (reference != null ? reference
                            : newlyFollowed(value, thread, budget, pending, pendingReferences)).objectId();
                }
                thread.fieldWrite(objectId, shape.fieldIds()[field], 0, valueId);
            }
            pending.set(next, null); // no longer kept reachable by the walk
        }
        return rootReference;
    }

    /** Follows {@code object}, which was not followed a moment ago; queues it for the walk if it is seen into and new. */
    private FollowedReference newlyFollowed(Object object, ThreadRecorder thread, int[] budget, List<Object> pending,
                                            List<FollowedReference> pendingReferences) {
        ClassShapes.Shape shape = shapes.get(object.getClass());
        boolean seenInto = shape.seenInto() && budget[0]-- > 0;
        long trackedId = tracked.idOf(object);
        long objectId = trackedId != 0 ? trackedId : thread.valueCalls.nextFollowedId();
        FollowedReference reference = followed.follow(object, objectId, seenInto);
        if (reference.objectId() == objectId) { // not followed by another thread in between
            thread.followed(objectId, shape.classId(), seenInto);
            if (seenInto && !shape.immutable()) { // an immutable value (a big number) is followed as a leaf
                pending.add(object);
                pendingReferences.add(reference);
            }
        }
        return reference;
    }

    /** Strings, enum constants and boxes are recorded by value; every other object by id and stamp. */
    private static boolean byValue(Object value) {
        return value instanceof String || value instanceof Enum<?> || primitiveType(value.getClass()) != 0;
    }

    private static int primitiveType(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return VALUE_INT;
        } else if (type == long.class || type == Long.class) {
            return VALUE_LONG;
        } else if (type == boolean.class || type == Boolean.class) {
            return VALUE_BOOLEAN;
        } else if (type == double.class || type == Double.class) {
            return VALUE_DOUBLE;
        } else if (type == char.class || type == Character.class) {
            return VALUE_CHAR;
        } else if (type == byte.class || type == Byte.class) {
            return VALUE_BYTE;
        } else if (type == short.class || type == Short.class) {
            return VALUE_SHORT;
        } else if (type == float.class || type == Float.class) {
            return VALUE_FLOAT;
        }
        return 0;
    }

    /** A primitive's value as the event carries it: integral values as they are, float and double as raw bits. */
    private static long bits(Object boxed) {
        if (boxed instanceof Integer value) {
            return value;
        } else if (boxed instanceof Long value) {
            return value;
        } else if (boxed instanceof Boolean value) {
            return value ? 1 : 0;
        } else if (boxed instanceof Double value) {
            return Double.doubleToLongBits(value);
        } else if (boxed instanceof Character value) {
            return value;
        } else if (boxed instanceof Byte value) {
            return value;
        } else if (boxed instanceof Short value) {
            return value;
        } else if (boxed instanceof Float value) {
            return Float.floatToIntBits(value) & 0xFFFF_FFFFL;
        }
        return 0;
    }
}
