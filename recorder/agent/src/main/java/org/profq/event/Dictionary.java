package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import org.profq.format.Varint;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.FieldSignature;
import org.aspectj.lang.reflect.SourceLocation;
import org.profq.log.DocumentWriter;
import org.profq.log.EventLog;

/**
 * Gives classes, methods, allocation sites, fields, threads and enum constants their ids, writing
 * each name to the log once, before any batch can refer to it.
 *
 * <p>The fast path reads the id the join point's static part keeps ({@link NamedStaticPart}), or
 * for a static part AspectJ made, looks it up by identity. The first time a static part is seen,
 * its names are worked out (the only string building the recorder does) and the dictionary
 * document is appended before the id is published. Names come from the strings woven code gives
 * ({@link NamedSignature}): no class is loaded to name a method, field or site. A static part whose
 * names cannot be worked out is the unknown method's, counted ({@link JoinPointNames#warning}).
 */
final class Dictionary {
    /** Keeps each DOC_UNWOVEN document small, whatever the number of classes. */
    private static final int UNWOVEN_NAMES_PER_DOCUMENT = 500;
    /** Longer warnings are cut to this many characters, so every document fits a window's 64 KiB blocks. */
    static final int MAX_WARNING_CHARS = 8192;

    private final EventLog log;
    private final ToLongFunction<Object> sizer;
    /** The writer documents are built in, unless one is being built already ({@link #begin}). */
    private final DocumentWriter shared = new DocumentWriter();
    /** Whether {@link #shared} holds a document not yet written. */
    private boolean sharedInUse;
    private final IdentityIds methodsByStaticPart = new IdentityIds();
    private final IdentityIds sitesByStaticPart = new IdentityIds();
    private final IdentityIds fieldsByStaticPart = new IdentityIds();
    private final IdentityIds classesByType = new IdentityIds();
    private final IdentityIds constantsByValue = new IdentityIds();
    private final Map<String, Integer> classesByName = new HashMap<>();
    private final Map<String, Integer> methodsByKey = new HashMap<>();
    private final Map<String, Integer> fieldsByKey = new HashMap<>();
    private int nextSiteId = 1;
    private int nextThreadId = 1;

    /** {@code sizer} gives an object's shallow size ({@code Instrumentation::getObjectSize}). */
    Dictionary(EventLog log, ToLongFunction<Object> sizer) {
        this.log = log;
        this.sizer = sizer;
    }

    int methodId(JoinPoint.StaticPart staticPart) {
        if (staticPart instanceof NamedStaticPart named) {
            int id = named.methodId;
            return id >= 0 ? id : registerMethod(staticPart);
        }
        if (staticPart == null) {
            // AspectJ hands advice no static part in class-initialisation cycles; or it could not be made (counted)
            return UNKNOWN_METHOD;
        }
        int id = methodsByStaticPart.get(staticPart);
        return id >= 0 ? id : registerMethod(staticPart);
    }

    /**
     * The site of an object or array creation. The first creation seen there gives the site
     * its exact class and, for objects, the shallow size every object made there has.
     */
    int siteId(JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing, Object created) {
        int id = call instanceof NamedStaticPart named ? named.siteId : call == null ? -1 : sitesByStaticPart.get(call);
        return id >= 0 ? id : registerSite(call, enclosing, created);
    }

    /** The field a {@code get} or {@code set} join point reads or writes; 0 (no field) for a static part that could not be made. */
    int fieldId(JoinPoint.StaticPart access) {
        if (access instanceof NamedStaticPart named) {
            int id = named.fieldId;
            return id >= 0 ? id : registerField(access);
        }
        if (access == null) {
            return 0;
        }
        int id = fieldsByStaticPart.get(access);
        return id >= 0 ? id : registerField(access);
    }

    /** The id of a class named by a {@code Class} object (an exception's, a parameter's). */
    int classId(Class<?> type) {
        int id = classesByType.get(type);
        if (id >= 0) {
            return id;
        }
        synchronized (this) {
            id = classId(type.getTypeName());
            if (classesByType.get(type) < 0) {
                classesByType.put(type, id);
            }
            return id;
        }
    }

    /** The field a reflected {@code Field} is: the same id as its {@code get} and {@code set} join points'. */
    synchronized int fieldId(Field field) {
        return fieldId(field.getDeclaringClass().getTypeName(), field.getName(), field.getType().getTypeName());
    }

    /** The id of an enum constant (a parameter of a value-profiled call), named once. */
    int constantId(Enum<?> constant) {
        int id = constantsByValue.get(constant);
        return id >= 0 ? id : registerConstant(constant);
    }

    /** The text of a string parameter whose hash is {@code hash} ({@code rawstrings=true}). */
    synchronized void text(long hash, String text) {
        DocumentWriter document = begin(DOC_TEXT).putVarint(hash).putString(text);
        write(document);
    }

    /** A user-defined event's name ({@code DOC_EVENT_TYPE}). */
    synchronized void eventType(int id, String name) {
        DocumentWriter document = begin(DOC_EVENT_TYPE).putVarint(id).putString(name);
        write(document);
    }

    /** A column of a user-defined event and its type ({@code DOC_EVENT_COLUMN}). */
    synchronized void eventColumn(int id, int eventTypeId, String name, int type) {
        DocumentWriter document = begin(DOC_EVENT_COLUMN).putVarint(id).putVarint(eventTypeId).putString(name).putVarint(type);
        write(document);
    }

    /** A string value of user-defined events ({@code DOC_EVENT_STRING}). */
    synchronized void eventString(int id, String text) {
        DocumentWriter document = begin(DOC_EVENT_STRING).putVarint(id).putString(text);
        write(document);
    }

    synchronized int registerThread(Thread thread) {
        int id = nextThreadId++;
        DocumentWriter document = begin(DOC_THREAD)
                .putVarint(id)
                .putVarint(thread.getId())
                .putString(thread.getName())
                .putByte(thread.isDaemon() ? 1 : 0)
                .putVarint(Clock.now());
        write(document);
        return id;
    }

    synchronized void weavingSummary(long woven, long unchanged, long fromCache, long generated, Map<String, Long> leftUnwoven,
                                     long methodsSeen, long methodsLeftUnwoven) {
        DocumentWriter document = begin(DOC_WEAVING).putVarint(woven).putVarint(unchanged).putVarint(fromCache).putVarint(generated)
                .putVarint(leftUnwoven.size());
        leftUnwoven.forEach((reason, classes) -> document.putString(reason).putVarint(classes));
        document.putVarint(methodsSeen).putVarint(methodsLeftUnwoven); // after the reasons: older readers stop before them
        write(document);
    }

    /** Names classes left unwoven for one {@code reason} ({@code DOC_UNWOVEN}), a few hundred a document. */
    synchronized void unwovenClasses(String reason, List<String> names) {
        for (int from = 0; from < names.size(); from += UNWOVEN_NAMES_PER_DOCUMENT) {
            List<String> part = names.subList(from, Math.min(names.size(), from + UNWOVEN_NAMES_PER_DOCUMENT));
            DocumentWriter document = begin(DOC_UNWOVEN).putString(reason).putVarint(part.size());
            part.forEach(document::putString);
            write(document);
        }
    }

    /**
     * The id of one of profq's own pseudo-methods ({@code PROFQ_CLASS}), named the first time:
     * a frame of time profq spent inside the program's calls, such as {@code WEAVING_METHOD}.
     */
    synchronized int profqMethod(String name) {
        String key = PROFQ_CLASS + '.' + name + "()V";
        Integer existing = methodsByKey.get(key);
        if (existing != null) {
            return existing;
        }
        int classId = classId(PROFQ_CLASS);
        int id = methodsByKey.size() + 1;
        methodsByKey.put(key, id);
        write(begin(DOC_METHOD).putVarint(id).putVarint(classId).putString(name).putString("()V").putVarint(0)
                .putString("").putVarint(0));
        return id;
    }

    /**
     * Lets the overhead calibration's static parts be looked up as a known method's and site's are,
     * without naming them in the recording: its events are never written ({@link OverheadCalibration}).
     */
    synchronized void calibrationParts(JoinPoint.StaticPart execution, int methodId, JoinPoint.StaticPart creation) {
        publishMethod(execution, methodId);
        publishSite(creation, 0);
    }

    /** Lets the in-place calibration's join points ({@link CallSitesInPlace}) be looked up likewise, as an unknown method's. */
    synchronized void calibrationMethods(List<JoinPoint.StaticPart> executions) {
        for (JoinPoint.StaticPart execution : executions) {
            publishMethod(execution, UNKNOWN_METHOD);
        }
    }

    /** What the advice costs (see {@code DOC_CALIBRATION}). */
    synchronized void calibration(long callCostPicos, long callInsidePicos, long allocationCostPicos, long cpuReadNanos,
                                  long cpuPeriodNanos) {
        DocumentWriter document = begin(DOC_CALIBRATION).putVarint(callCostPicos).putVarint(callInsidePicos).putVarint(allocationCostPicos)
                .putVarint(cpuReadNanos).putVarint(cpuPeriodNanos);
        write(document);
    }

    /** A garbage collection the JVM reported ({@code DOC_COLLECTION}). */
    synchronized void collection(long gcId, String collector, String action, String cause, long startMillis, long endMillis,
                                 long arrivalNanos, long baseLowNanos, long baseHighNanos) {
        write(begin(DOC_COLLECTION).putVarint(gcId).putString(collector).putString(action).putString(cause)
                .putVarint(startMillis).putVarint(endMillis).putVarint(arrivalNanos)
                .putVarint(Varint.zigzag(baseLowNanos)).putVarint(Varint.zigzag(baseHighNanos)));
    }

    /** The reaper had recorded the deaths of the collections reported so far ({@code DOC_DEATHS_RECORDED}). */
    synchronized void deathsRecorded(long recordedByNanos, long reportsThroughNanos) {
        write(begin(DOC_DEATHS_RECORDED).putVarint(recordedByNanos).putVarint(reportsThroughNanos));
    }

    synchronized void warning(String message) {
        String kept = message.length() <= MAX_WARNING_CHARS ? message : message.substring(0, MAX_WARNING_CHARS) + "...";
        DocumentWriter document = begin(DOC_WARNING).putVarint(Clock.preciseNow()).putString(kept);
        write(document);
    }

    /**
     * Names a static part's method, once. The names are worked out before the lock is taken: for a
     * static part AspectJ made, they can load (and weave) classes, which must not hold up every
     * other thread's first sight of a method. A static part whose names cannot be worked out is
     * the unknown method's from then on, and counted.
     */
    private int registerMethod(JoinPoint.StaticPart staticPart) {
        MethodNames names;
        try {
            names = MethodNames.of(staticPart);
        } catch (Throwable t) {
            JoinPointNames.notNamed("a " + staticPart.getKind() + " join point", t);
            synchronized (this) {
                publishMethod(staticPart, UNKNOWN_METHOD);
            }
            return UNKNOWN_METHOD;
        }
        synchronized (this) {
            int known = staticPart instanceof NamedStaticPart named ? named.methodId : methodsByStaticPart.get(staticPart);
            if (known >= 0) {
                return known;
            }
            // Several static parts can name one method (its execution, the calls of it, and the
            // enclosing part of the calls inside it); they share one id.
            String key = names.className() + '.' + names.name() + names.descriptor();
            Integer existing = methodsByKey.get(key);
            int id;
            if (existing != null) {
                id = existing;
            } else {
                int classId = classId(names.className());
                id = methodsByKey.size() + 1;
                methodsByKey.put(key, id);
                DocumentWriter document = begin(DOC_METHOD)
                        .putVarint(id)
                        .putVarint(classId)
                        .putString(names.name())
                        .putString(names.descriptor())
                        .putVarint(names.modifiers())
                        .putString(names.sourceFile())
                        .putVarint(names.line());
                write(document);
            }
            publishMethod(staticPart, id);
            return id;
        }
    }

    /** Gives {@code staticPart} its method id: in its own field if it has one, else in the identity table. */
    private void publishMethod(JoinPoint.StaticPart staticPart, int id) {
        if (staticPart instanceof NamedStaticPart named) {
            named.methodId = id;
        } else {
            methodsByStaticPart.put(staticPart, id);
        }
    }

    private void publishSite(JoinPoint.StaticPart staticPart, int id) {
        if (staticPart instanceof NamedStaticPart named) {
            named.siteId = id;
        } else {
            sitesByStaticPart.put(staticPart, id);
        }
    }

    private synchronized int registerSite(JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing, Object created) {
        int known = call instanceof NamedStaticPart named ? named.siteId : call == null ? -1 : sitesByStaticPart.get(call);
        if (known >= 0) {
            return known;
        }
        Class<?> type = created.getClass();
        SourceLocation location = call == null ? null : call.getSourceLocation();
        // Names first: registering them writes documents of their own.
        int methodId = methodId(enclosing);
        int classId = classId(type.getTypeName());
        long size = type.isArray() ? 0 : sizer.applyAsLong(created);
        int id = nextSiteId++;
        DocumentWriter document = begin(DOC_SITE)
                .putVarint(id)
                .putVarint(methodId)
                .putVarint(location == null ? 0 : Math.max(0, location.getLine()))
                .putVarint(classId)
                .putByte(type.isArray() ? 1 : 0)
                .putVarint(size);
        write(document);
        if (call != null) {
            publishSite(call, id);
        }
        return id;
    }

    private synchronized int registerField(JoinPoint.StaticPart access) {
        int known = access instanceof NamedStaticPart named ? named.fieldId : fieldsByStaticPart.get(access);
        if (known >= 0) {
            return known;
        }
        int id;
        try {
            Signature signature = access.getSignature();
            // A static part AspectJ made resolved its field's type when it was made: naming it loads nothing more.
            String typeName = signature instanceof NamedSignature.FieldNamed named ? named.fieldTypeName()
                    : ((FieldSignature) signature).getFieldType().getTypeName();
            // Every get and set of a field has a static part of its own; they share one id.
            id = fieldId(signature.getDeclaringTypeName(), signature.getName(), typeName);
        } catch (Throwable t) {
            JoinPointNames.notNamed("a " + access.getKind() + " join point", t);
            id = 0; // no field: its uses are not recorded
        }
        if (access instanceof NamedStaticPart named) {
            named.fieldId = id;
        } else {
            fieldsByStaticPart.put(access, id);
        }
        return id;
    }

    private int fieldId(String className, String name, String typeName) {
        String key = className + '.' + name;
        Integer id = fieldsByKey.get(key);
        if (id == null) {
            int classId = classId(className);
            id = fieldsByKey.size() + 1;
            fieldsByKey.put(key, id);
            write(begin(DOC_FIELD)
                    .putVarint(id)
                    .putVarint(classId)
                    .putString(name)
                    .putString(typeName));
        }
        return id;
    }

    private synchronized int registerConstant(Enum<?> constant) {
        int known = constantsByValue.get(constant);
        if (known >= 0) {
            return known;
        }
        int classId = classId(constant.getDeclaringClass().getTypeName());
        int id = constantsByValue.size() + 1;
        constantsByValue.put(constant, id);
        write(begin(DOC_CONSTANT).putVarint(id).putVarint(classId).putString(constant.name()));
        return id;
    }

    private int classId(String name) {
        Integer id = classesByName.get(name);
        if (id != null) {
            return id;
        }
        int newId = classesByName.size() + 1;
        classesByName.put(name, newId); // before the write, which a name given inside it must find taken
        write(begin(DOC_CLASS).putVarint(newId).putString(name));
        return newId;
    }

    /**
     * Starts a document of {@code kind}, in the shared writer, or in a writer of its own when the
     * shared one holds a document not yet written. The lock is re-entrant, and this thread can be
     * back here while it writes one: another agent's code can run woven code inside profq's
     * (Mockito's inline mocks make {@code Object.equals} call woven code, which linking a lambda
     * or the log's own work calls). So each name takes its id just before its document is
     * written and after every name it refers to, and ids are written in order.
     */
    private DocumentWriter begin(byte kind) {
        if (sharedInUse) {
            return new DocumentWriter().start(kind);
        }
        sharedInUse = true;
        return shared.start(kind);
    }

    private void write(DocumentWriter document) {
        try {
            log.write(document.bytes(), 0, document.length());
        } finally {
            if (document == shared) {
                sharedInUse = false;
            }
        }
    }
}
