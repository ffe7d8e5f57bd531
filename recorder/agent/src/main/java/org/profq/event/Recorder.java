package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;

import org.aspectj.lang.JoinPoint;
import org.profq.log.EventLog;

/**
 * What the woven advice calls: finds the current thread's {@link ThreadRecorder} and the ids
 * of the join point, and never lets anything escape into the program. The recording's state and
 * life cycle are the {@link RecordingSession}'s; these static entry points stay thin over it.
 */
public final class Recorder {
    private static final ThreadLocal<ThreadRecorder> CURRENT = ThreadLocal.withInitial(() -> Recorder.session.newThreadRecorder());

    /** The recording; null before {@link #start}. Written once, before the weaver starts (so before any advice runs). */
    private static RecordingSession session;

    /**
     * Starts recording into {@code eventLog}; the weaver starts after this returns.
     * {@code trackEveryNth} &gt; 0 follows the first and then every Nth allocation of each site
     * (on each thread) to its death, and with {@code finalGc} runs one full collection at the end
     * ({@link Lifetimes#end}); a thread's batch is written once it is {@code flushNanos} old.
     * {@code readCpuTimes}: calls are recorded, so the threads' CPU times are read to be charged to them.
     */
    public static synchronized void start(EventLog eventLog, Instrumentation inst, boolean exactClock, long tickNanos,
                                          int trackEveryNth, boolean finalGc, long flushNanos, boolean readCpuTimes) {
        CurrentRecorders.usesTable(); // its look-up of Thread's field runs now, not inside the program's first advice
        session = new RecordingSession(CURRENT, eventLog, inst, exactClock, tickNanos, trackEveryNth, finalGc, flushNanos, readCpuTimes);
    }

    /**
     * Records value profiles of the methods matching {@code patterns} ({@code values=}), strings'
     * texts too with {@code rawStrings}; after {@link #start}, before the weaver starts.
     */
    public static synchronized void startValues(List<String> patterns, boolean rawStrings) {
        ValueChoice.start(patterns, session.dictionary);
        session.values = new ValueProfiler(session.dictionary, session.trackedObjects, rawStrings);
    }

    // The entry points reach CurrentRecorders themselves: the compiler directive keeps every method
    // of Recorder out of its callers (CompilerHints), so a call of current() would be a real call.
    public static void enter(JoinPoint.StaticPart execution) {
        try {
            CurrentRecorders.get(CURRENT).enter(session.dictionary.methodId(execution));
        } catch (Throwable t) {
            internalError(t);
        }
    }

    public static void exit() {
        try {
            CurrentRecorders.get(CURRENT).exit(false);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    public static void exitByThrow() {
        try {
            CurrentRecorders.get(CURRENT).exit(true);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /**
     * An object or array {@code new} made at {@code call}. An object's size is fixed per site,
     * so it is measured once; an array's is measured per creation, and a multi-dimensional
     * creation is one event whose size covers every array it made.
     */
    public static void allocation(Object created, JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing) {
        try {
            session.allocated(CurrentRecorders.get(CURRENT), created, call, enclosing, false);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /**
     * An array's {@code clone()} made at {@code call}: a new array, which no {@code new} made. Its
     * size is its own alone: the copy of an array of arrays shares the arrays it refers to.
     */
    public static void arrayCopy(Object copy, JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing) {
        try {
            session.allocated(CurrentRecorders.get(CURRENT), copy, call, enclosing, true);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** Woven code read an instance field of {@code used}; recorded if {@code used} is tracked. */
    public static void get(Object used, JoinPoint.StaticPart access) {
        use(used, EV_USE_GET, access);
    }

    /** Woven code wrote an instance field of {@code used}; recorded if {@code used} is tracked. */
    public static void set(Object used, JoinPoint.StaticPart access) {
        use(used, EV_USE_SET, access);
    }

    /** Woven code called an instance method of {@code used}; recorded if {@code used} is tracked. */
    public static void call(Object used, JoinPoint.StaticPart call) {
        use(used, EV_USE_CALL, call);
    }

    /** A use of kind {@code EV_USE_*}: the member is a method for a call, a field otherwise. */
    private static void use(Object used, int kind, JoinPoint.StaticPart member) {
        try {
            RecordingSession recording = session;
            long objectId = recording.trackedObjects.idOf(used);
            if (objectId != 0) {
                Dictionary dictionary = recording.dictionary;
                int memberId = kind == EV_USE_CALL ? dictionary.methodId(member) : dictionary.fieldId(member);
                if (memberId != 0) { // 0: a member woven code could not name (counted), which a use cannot refer to
                    current().use(kind, objectId, memberId);
                }
            }
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** A chosen method's call started (ValueAspect, after its entry): records its parameters. */
    public static void values(JoinPoint call) {
        try {
            session.values.parameters(current(), call);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** A chosen method's call ended. */
    public static void valuesEnd() {
        try {
            session.values.parametersEnd(current());
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /**
     * Woven code writes a field of {@code target}: recorded, and the global write sequence
     * advanced, if the value profiler follows {@code target}. {@code value} is what a reference
     * field gets; null for a primitive field.
     */
    public static void fieldWrite(Object target, Object value, JoinPoint.StaticPart access) {
        try {
            session.values.fieldWrite(target, value, access);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** Whether a chosen call runs on some thread: only then are field reads looked at (ValueAspect's {@code if()}). */
    public static boolean valueCallsRunning() {
        try {
            return ValueProfiler.callsRunning();
        } catch (Throwable t) {
            internalError(t);
            return false;
        }
    }

    /** Woven code reads a field while a chosen call runs: the field joins the reference field set of the thread's chosen calls. */
    public static void fieldRead(JoinPoint.StaticPart access) {
        try {
            session.values.fieldRead(access, current());
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /**
     * An exception passing out of {@code execution} (after advice) or caught in it (handler
     * advice): recorded once, where it is first seen, with the line of that frame.
     */
    public static void exception(Throwable thrown, JoinPoint.StaticPart execution) {
        try {
            ThreadRecorder thread = current();
            if (thrown != null && !thread.isLastThrown(thrown)) {
                thread.thrown(session.dictionary.classId(thrown.getClass()), ThrowLines.lineIn(thrown, execution));
            }
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /**
     * The weaver starts on a class this thread loads (or reads the woven-class cache for it): inside a
     * recorded call, what follows until {@link #weavingEnded} is profq's time, a frame of its own in
     * that call; outside any, it is charged to no method and needs none. Whether a frame was begun.
     */
    public static boolean weavingStarted() {
        try {
            return session.weavingStarted(current());
        } catch (Throwable t) {
            internalError(t);
        }
        return false;
    }

    /** Ends the frame {@link #weavingStarted} began. */
    public static void weavingEnded() {
        exit();
    }

    /** How the program's classes were woven (see {@code DOC_WEAVING}), kept in the recording. */
    public static void weavingSummary(long woven, long unchanged, long fromCache, long generated, Map<String, Long> leftUnwoven,
                                      long methodsSeen, long methodsLeftUnwoven) {
        RecordingSession recording = session;
        if (recording != null && !recording.isClosed()) {
            recording.dictionary.weavingSummary(woven, unchanged, fromCache, generated, leftUnwoven, methodsSeen, methodsLeftUnwoven);
        }
    }

    /** Classes left unwoven together for one reason, named in the recording ({@code DOC_UNWOVEN}). */
    public static void unwovenClasses(String reason, List<String> names) {
        RecordingSession recording = session;
        if (recording != null && !names.isEmpty()) {
            recording.dictionary.unwovenClasses(reason, names);
        }
    }

    /**
     * The calling thread's user event builder ({@code Profq.event(name)}), which the agent installs
     * as the API's sink once recording started; never throws: a failure gives the builder of nothing.
     */
    public static org.profq.api.Event userEvent(String name) {
        try {
            return current().startUserEvent(name, session.userEventTypes);
        } catch (Throwable t) {
            internalError(t);
            return org.profq.api.EventSink.NONE.event(name);
        }
    }

    /**
     * {@code Profq.flush()}: writes the calling thread's events into the log and waits until the
     * writer has appended them; never throws.
     */
    public static void flushThread() {
        try {
            RecordingSession recording = session;
            if (recording != null && !recording.isClosed()) {
                recording.flushEndedThreads(); // first, so that a reader finds the ended threads' events before this thread's next ones
                current().flushAndAwaitWritten();
            }
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** Whether a recording is being written, or was: a second agent start in the same JVM is refused. */
    public static synchronized boolean started() {
        return session != null;
    }

    /** Something the recorder could not do, kept in the recording. */
    public static void warning(String message) {
        RecordingSession recording = session;
        if (recording != null) {
            recording.dictionary.warning(message);
        }
    }

    /**
     * Flushes every thread, writes loss records and the end record, and closes the log.
     * Events of threads still running after this are past the recording's end. The final
     * collection runs only when {@code programEnded} (at shutdown, not at a detach).
     */
    public static void close(boolean programEnded) {
        RecordingSession recording;
        synchronized (Recorder.class) {
            recording = session;
        }
        if (recording != null) {
            recording.close(programEnded);
        }
    }

    /** The current thread's recorder, for work that finds out late that it records an event. */
    static ThreadRecorder currentThread() {
        return current();
    }

    /** The current thread's recorder, on every advice's path ({@link CurrentRecorders}). */
    private static ThreadRecorder current() {
        return CurrentRecorders.get(CURRENT);
    }

    /**
     * A failure inside the recorder. A write fault on a full disk can surface here, after the
     * write it belongs to had returned: it stops the log, which says so once; anything else is
     * an internal error.
     */
    static void internalError(Throwable t) {
        RecordingSession recording = session;
        if (recording != null && EventLog.isMappedWriteFault(t)) {
            recording.log.faultedEarlier(t);
        } else {
            InternalErrors.report(t);
        }
    }

    /**
     * Starts, on a daemon thread, the threads' CPU time readings, then {@code compilerHints} (the
     * agent's directive that the JIT not inline the recorder's entry points into their callers), then
     * the calibration of the advice's cost ({@link RecordingSession}). After the hints, so that the
     * calibration's loops call the entry points as the program's compiled methods will: measured
     * before, the JIT could inline them into the loop, and the cost came out at a fraction of what a
     * program's call pays (13 ns against 37 to 83 ns on one machine). {@code inPlace} makes the call
     * sites of the in-place measure; null measures the advice path alone.
     */
    public static void calibrateInBackground(Runnable compilerHints, CallSitesInPlace.Maker inPlace) {
        session.calibrateInBackground(compilerHints, inPlace);
    }

    private Recorder() {
    }
}
