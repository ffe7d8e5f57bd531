package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.aspectj.lang.JoinPoint;
import org.profq.log.DocumentWriter;
import org.profq.log.EventLog;

/**
 * What the woven advice calls: finds the current thread's {@link ThreadRecorder} and the ids
 * of the join point, and never lets anything escape into the program.
 *
 * <p>Threads are flushed when their buffer fills, when a batch is {@code flush=} old, by the clock
 * thread soon after they end, and at shutdown by {@link #close}.
 */
public final class Recorder {
    private static final ThreadLocal<ThreadRecorder> CURRENT = ThreadLocal.withInitial(Recorder::newThreadRecorder);
    /** Every thread that recorded anything and has not been flushed after its end. */
    private static final List<ThreadRecorder> LIVE_THREADS = new ArrayList<>();
    /** How often (in ticks) the clock thread looks for ended threads to flush. */
    private static final int HOUSEKEEPING_TICKS = 500;

    private static EventLog log;
    /** Appends the batches the program's threads hand over. */
    private static BatchWriter writer;
    /** Every how many allocations of a site one is tracked; 0 when deaths are not recorded. */
    private static int trackEvery;
    /** Whether the end runs one full collection to tell objects unreachable at exit from reachable ones. */
    private static boolean finalCollection;
    /** How old a thread's batch may grow before it is written ({@code flush=}). */
    private static long flushIntervalNanos;
    private static Lifetimes lifetimes;
    /** The JVM's garbage collections, recorded while deaths are followed; null otherwise or when the JVM cannot tell them. */
    private static GarbageCollections collections;
    /** How long the end waits for the reports of the collections already run. */
    private static final long COLLECTION_REPORTS_WAIT_MILLIS = 500;
    /** The tracked objects alive, asked by every use advice; empty until deaths are recorded. */
    private static TrackedObjects trackedObjects = new TrackedObjects(null);
    private static Dictionary dictionary;
    /** Value profiles ({@code values=}); null without. */
    private static ValueProfiler values;
    /** The names of user-defined events ({@code Profq.event}). */
    private static UserEventTypes userEventTypes;
    private static Instrumentation instrumentation;
    private static boolean closed;
    private static int ticksSinceHousekeeping;
    /** Reads the threads' CPU times on the clock thread; null where the JVM cannot. */
    private static volatile CpuTimes cpuTimes;
    /** The weaving pseudo-method's id ({@code WEAVING_METHOD}), named at the first weaving inside a call; 0 before. */
    private static volatile int weavingMethodId;
    /** The advice's cost, measured at the start; awaited before the end record, so that its figures are in every recording. */
    private static volatile CalibrationFigures calibration;
    /** Calls are recorded, so the threads' CPU times are read to be charged to them. */
    private static boolean readsCpuTimes;
    private static long eventsWrittenByEndedThreads;
    private static long eventsLostByEndedThreads;

    /**
     * Starts recording into {@code eventLog}; the weaver starts after this returns.
     * {@code trackEveryNth} &gt; 0 follows the first and then every Nth allocation of each site
     * (on each thread) to its death, and with {@code finalGc} runs one full collection at the end
     * ({@link Lifetimes#end}); a thread's batch is written once it is {@code flushNanos} old.
     * {@code readCpuTimes}: calls are recorded, so the threads' CPU times are read to be charged to them.
     */
    public static synchronized void start(EventLog eventLog, Instrumentation inst, boolean exactClock, long tickNanos,
                                          int trackEveryNth, boolean finalGc, long flushNanos, boolean readCpuTimes) {
        log = eventLog;
        flushIntervalNanos = flushNanos;
        CurrentRecorders.usesTable(); // its look-up of Thread's field runs now, not inside the program's first advice
        instrumentation = inst;
        dictionary = new Dictionary(eventLog, inst::getObjectSize);
        eventLog.onStopped(reason -> {
            System.err.println("profq: " + reason);
            dictionary.warning(reason); // kept when the log still takes small records (disk nearly full)
        });
        userEventTypes = new UserEventTypes(dictionary);
        writer = BatchWriter.start(eventLog, dictionary);
        Clock.start(exactClock, tickNanos, Recorder::onTick);
        trackEvery = trackEveryNth;
        readsCpuTimes = readCpuTimes;
        if (trackEveryNth > 0) {
            finalCollection = finalGc;
            // The reaper's own clock reading: a death is placed exactly against the collections (the tick may lag a collection).
            lifetimes = new Lifetimes(objectId -> recordingProfqThread().deathAt(objectId, Clock.preciseNow()),
                    (recordedByNanos, reportsThroughNanos) -> dictionary.deathsRecorded(recordedByNanos, reportsThroughNanos));
            trackedObjects = lifetimes.tracked();
            collections = startCollections(lifetimes);
        }
    }

    /** The collections bound the deaths; a JVM whose classes cannot even be loaded for it just has none. */
    private static GarbageCollections startCollections(Lifetimes lifetimes) {
        try {
            return GarbageCollections.start(dictionary, lifetimes::collectionReported);
        } catch (Throwable t) {
            return null;
        }
    }

    /**
     * Records value profiles of the methods matching {@code patterns} ({@code values=}), strings'
     * texts too with {@code rawStrings}; after {@link #start}, before the weaver starts.
     */
    public static synchronized void startValues(List<String> patterns, boolean rawStrings) {
        ValueChoice.start(patterns, dictionary);
        values = new ValueProfiler(dictionary, trackedObjects, rawStrings);
    }

    public static void enter(JoinPoint.StaticPart execution) {
        try {
            current().enter(dictionary.methodId(execution));
        } catch (Throwable t) {
            internalError(t);
        }
    }

    public static void exit() {
        try {
            current().exit(false);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    public static void exitByThrow() {
        try {
            current().exit(true);
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
            allocated(created, call, enclosing, false);
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
            allocated(copy, call, enclosing, true);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    private static void allocated(Object created, JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing, boolean copy) {
        ThreadRecorder thread = current();
        int site = dictionary.siteId(call, enclosing, created);
        boolean tracked = trackEvery > 0 && thread.tracksNext(site, trackEvery);
        long objectId;
        if (!created.getClass().isArray()) {
            objectId = thread.allocation(site, tracked);
        } else {
            long size = copy ? instrumentation.getObjectSize(created) : deepSize(created);
            objectId = thread.arrayAllocation(site, Array.getLength(created), size, tracked);
        }
        if (tracked) {
            lifetimes.track(created, objectId);
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
            long objectId = trackedObjects.idOf(used);
            if (objectId != 0) {
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
            values.parameters(current(), call);
        } catch (Throwable t) {
            internalError(t);
        }
    }

    /** A chosen method's call ended. */
    public static void valuesEnd() {
        try {
            values.parametersEnd(current());
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
            values.fieldWrite(target, value, access);
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
            values.fieldRead(access, current());
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
                thread.thrown(dictionary.classId(thrown.getClass()), ThrowLines.lineIn(thrown, execution));
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
            ThreadRecorder thread = current();
            if (thread.inCall()) {
                int method = weavingMethodId;
                if (method == 0) {
                    method = weavingMethodId = dictionary.profqMethod(WEAVING_METHOD); // idempotent: races name it once
                }
                thread.enter(method);
                return true;
            }
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
        Dictionary current = dictionary;
        if (current != null && !closed) {
            current.weavingSummary(woven, unchanged, fromCache, generated, leftUnwoven, methodsSeen, methodsLeftUnwoven);
        }
    }

    /** Classes left unwoven together for one reason, named in the recording ({@code DOC_UNWOVEN}). */
    public static void unwovenClasses(String reason, List<String> names) {
        Dictionary current = dictionary;
        if (current != null && !names.isEmpty()) {
            current.unwovenClasses(reason, names);
        }
    }

    /**
     * The calling thread's user event builder ({@code Profq.event(name)}), which the agent installs
     * as the API's sink once recording started; never throws: a failure gives the builder of nothing.
     */
    public static org.profq.api.Event userEvent(String name) {
        try {
            return current().startUserEvent(name, userEventTypes);
        } catch (Throwable t) {
            internalError(t);
            return org.profq.api.EventSink.NONE.event(name);
        }
    }

    /** Whether a recording is being written, or was: a second agent start in the same JVM is refused. */
    public static synchronized boolean started() {
        return log != null;
    }

    /** Something the recorder could not do, kept in the recording. */
    public static void warning(String message) {
        Dictionary current = dictionary;
        if (current != null) {
            current.warning(message);
        }
    }

    /**
     * Flushes every thread, writes loss records and the end record, and closes the log.
     * Events of threads still running after this are past the recording's end. The final
     * collection runs only when {@code programEnded} (at shutdown, not at a detach).
     */
    public static void close(boolean programEnded) {
        synchronized (Recorder.class) {
            if (closed || log == null) {
                return;
            }
            closed = true;
        }
        awaitCalibration();
        org.profq.api.Profq.install(null); // events emitted from now on are nowhere, as without profq
        if (lifetimes != null) {
            ThreadRecorder closing = recordingProfqThread();
            lifetimes.end(finalCollection && programEnded, new Lifetimes.EndOfRun() {
                @Override
                public void unreachable(long objectId) {
                    closing.death(objectId, EV_DEATH_UNREACHABLE_AT_EXIT);
                }

                @Override
                public void reachable(long objectId) {
                    closing.death(objectId, EV_DEATH_REACHABLE_AT_EXIT);
                }

                @Override
                public void unknown(long objectId) {
                    closing.death(objectId, EV_DEATH_AT_EXIT);
                }
            });
            if (collections != null) {
                // After the final collection, whose report comes a moment later, as the last deaths' may.
                collections.awaitReports(COLLECTION_REPORTS_WAIT_MILLIS);
                collections.stop();
            }
        }
        long written = eventsWrittenByEndedThreads;
        long lost = eventsLostByEndedThreads;
        int stillRunning = 0;
        DocumentWriter document = new DocumentWriter();
        synchronized (LIVE_THREADS) {
            for (ThreadRecorder thread : LIVE_THREADS) {
                thread.flushAtEnd(); // the owner may still be running: only the events it has completed
                written += thread.eventsWritten();
                lost += thread.eventsLost();
                if (thread.thread.isAlive() && thread.thread != Thread.currentThread()) {
                    stillRunning++;
                }
                writeLoss(document, thread);
            }
        }
        String unnamed = JoinPointNames.warning();
        if (unnamed != null) {
            warning(unnamed);
        }
        int errors = InternalErrors.count();
        if (errors > 0) {
            warning(errors + " internal recorder errors; events around them may be missing");
        }
        document.start(DOC_END)
                .putVarint(Clock.preciseNow())
                .putVarint(written)
                .putVarint(lost)
                .putVarint(stillRunning);
        log.write(document.bytes(), 0, document.length());
        log.close();
    }

    /**
     * The recorder of one of profq's threads that records profq's own events (deaths, found by the
     * reference thread or at the end by the closing thread), named the first time: what other code
     * does on such a thread is dropped ({@link #newThreadRecorder}), what profq records there is not.
     */
    private static ThreadRecorder recordingProfqThread() {
        ThreadRecorder thread = current();
        if (thread.dropsEvents()) {
            thread = registeredRecorder(Thread.currentThread());
            setCurrent(thread);
        }
        return thread;
    }

    /** The current thread's recorder, for work that finds out late that it records an event. */
    static ThreadRecorder currentThread() {
        return current();
    }

    /** The current thread's recorder, on every advice's path ({@link CurrentRecorders}). */
    private static ThreadRecorder current() {
        return CurrentRecorders.get(CURRENT);
    }

    /** Makes {@code thread} the current thread's recorder. */
    private static void setCurrent(ThreadRecorder thread) {
        CURRENT.set(thread);
        CurrentRecorders.replaced(thread);
    }

    /**
     * The recorder of a thread's first event. A thread profq or its libraries started (the shutdown
     * hook, Chronicle's resource releaser) runs no program code of its own, but another agent's
     * code can run woven code on it: Mockito's inline mock maker makes {@code Object.equals} call
     * its woven dispatcher, and its class-file transformer, woven too, runs wherever a class is
     * loaded. Those events are not the program's, and naming such a thread would write to the log
     * from inside profq's own writing (or wait for the log while holding a class loader's lock, as
     * the thread closing the log waits for that loader): its events are dropped.
     */
    private static ThreadRecorder newThreadRecorder() {
        Thread current = Thread.currentThread();
        ThreadRecorder standIn = new ThreadRecorder(0, current, null, Long.MAX_VALUE);
        standIn.neverTrack();
        standIn.standInWhileNamed();
        // What woven code records on this thread while it is being named (run by another agent's
        // code inside the naming) is dropped, rather than naming the thread again inside itself.
        CURRENT.set(standIn);
        if (ProfqThreads.isProfqs()) {
            ThreadRecorder dropped = new ThreadRecorder(0, current, null, Long.MAX_VALUE);
            dropped.neverTrack();
            return dropped;
        }
        return registeredRecorder(current);
    }

    private static ThreadRecorder registeredRecorder(Thread current) {
        ThreadRecorder thread = new ThreadRecorder(dictionary.registerThread(current), current, log, flushIntervalNanos, writer);
        synchronized (LIVE_THREADS) {
            LIVE_THREADS.add(thread);
        }
        return thread;
    }

    /**
     * A failure inside the recorder. A write fault on a full disk can surface here, after the
     * write it belongs to had returned: it stops the log, which says so once; anything else is
     * an internal error.
     */
    static void internalError(Throwable t) {
        EventLog current = log;
        if (current != null && EventLog.isMappedWriteFault(t)) {
            current.faultedEarlier(t);
        } else {
            InternalErrors.report(t);
        }
    }

    /**
     * Starts, on a daemon thread, the threads' CPU time readings, then {@code compilerHints} (the
     * agent's directive that the JIT not inline the recorder's entry points into their callers), then
     * the calibration of the advice's cost ({@link #calibrate}). After the hints, so that the
     * calibration's loops call the entry points as the program's compiled methods will: measured
     * before, the JIT could inline them into the loop, and the cost came out at a fraction of what a
     * program's call pays (13 ns against 37 to 83 ns on one machine). {@code inPlace} makes the call
     * sites of the in-place measure; null measures the advice path alone.
     */
    public static void calibrateInBackground(Runnable compilerHints, CallSitesInPlace.Maker inPlace) {
        CalibrationFigures figures = new CalibrationFigures(dictionary);
        Thread thread = new Thread(() -> {
            CpuTimes times = CpuTimes.open(); // off the program's path: java.management loads here
            if (readsCpuTimes) {
                cpuTimes = times;
            }
            try {
                compilerHints.run();
            } catch (Throwable t) {
                internalError(t);
            }
            calibrate(times, inPlace, figures);
        }, "profq-calibration");
        thread.setDaemon(true);
        calibration = figures;
        thread.start();
    }

    /**
     * Measures the advice's cost through the real path, into a recorder whose events are dropped,
     * and writes the figures, on the current thread, which records nothing else: an allocation's on
     * the advice path ({@link OverheadCalibration}), a call's where a woven call site makes it
     * ({@link InPlaceCallCost}), or on the advice path if that cannot be done (a warning says why).
     * CPU times ({@code times}, null where the JVM cannot tell them) are read only when calls are
     * recorded (without calls there is nothing to charge them to).
     */
    private static void calibrate(CpuTimes times, CallSitesInPlace.Maker inPlace, CalibrationFigures figures) {
        try {
            ThreadRecorder dropped = new ThreadRecorder(0, Thread.currentThread(), null, Long.MAX_VALUE);
            dropped.neverTrack();
            setCurrent(dropped);
            JoinPoint.StaticPart[] parts = OverheadCalibration.staticParts();
            dictionary.calibrationParts(parts[0], UNKNOWN_METHOD, parts[1]);
            figures.advicePath(OverheadCalibration.run(dropped, parts[0], parts[1], times),
                    times == null || !readsCpuTimes ? 0 : CpuTimes.PERIOD_NANOS);
            InPlaceCallCost.Result inPlaceCost = inPlace == null ? null : measureInPlace(dropped, inPlace, times, figures);
            if (inPlaceCost != null) {
                figures.inPlace(inPlaceCost);
            }
        } catch (Throwable t) {
            internalError(t);
        } finally {
            figures.finished();
        }
    }

    /** A call's cost where the program makes it; null, with a warning in the recording, if it cannot be measured so. */
    private static InPlaceCallCost.Result measureInPlace(ThreadRecorder dropped, CallSitesInPlace.Maker inPlace, CpuTimes times,
                                                         CalibrationFigures figures) {
        try {
            CallSitesInPlace sites = inPlace.make(dictionary::calibrationMethods);
            return InPlaceCallCost.measure(dropped, sites, OverheadCalibration.threadTime(times), figures::ended);
        } catch (Throwable t) {
            figures.notInPlace(t);
            return null;
        }
    }

    private static void awaitCalibration() {
        try {
            CalibrationFigures figures = calibration;
            if (figures != null) {
                figures.atEnd(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the end record is written all the same
        }
    }

    /** On the clock thread: reads the threads' CPU times; flushes threads that have ended (their buffers are no longer written). */
    private static void onTick() {
        CpuTimes times = cpuTimes;
        if (times != null) {
            try {
                synchronized (LIVE_THREADS) {
                    times.readIfDue(Clock.preciseNow(), LIVE_THREADS);
                }
            } catch (Throwable t) {
                internalError(t); // the clock must keep ticking
            }
        }
        if (++ticksSinceHousekeeping < HOUSEKEEPING_TICKS) {
            return;
        }
        ticksSinceHousekeeping = 0;
        try {
            flushEndedThreads();
        } catch (Throwable t) {
            internalError(t); // the clock must keep ticking
        }
    }

    private static void flushEndedThreads() {
        synchronized (LIVE_THREADS) {
            LIVE_THREADS.removeIf(thread -> {
                if (thread.thread.isAlive()) {
                    return false;
                }
                thread.flushAtEnd(); // after the batches it handed over; isAlive() == false makes the owner's writes visible here
                CurrentRecorders.ended(thread);
                eventsWrittenByEndedThreads += thread.eventsWritten();
                eventsLostByEndedThreads += thread.eventsLost();
                writeLoss(new DocumentWriter(), thread);
                return true;
            });
        }
    }

    private static void writeLoss(DocumentWriter document, ThreadRecorder thread) {
        if (thread.eventsLost() > 0) {
            document.start(DOC_LOSS).putVarint(thread.threadId).putVarint(log.lossCause()).putVarint(thread.eventsLost());
            log.write(document.bytes(), 0, document.length());
        }
        if (thread.eventsRefused() > 0) {
            document.start(DOC_LOSS).putVarint(thread.threadId).putVarint(LOSS_EVENT_REFUSED).putVarint(thread.eventsRefused());
            log.write(document.bytes(), 0, document.length());
        }
    }

    private static long deepSize(Object array) {
        long size = instrumentation.getObjectSize(array);
        if (array instanceof Object[] elements && array.getClass().getComponentType().isArray()) {
            for (Object element : elements) {
                if (element != null) {
                    size += deepSize(element);
                }
            }
        }
        return size;
    }

    private Recorder() {
    }
}
