package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import org.aspectj.lang.JoinPoint;
import org.profq.log.DocumentWriter;
import org.profq.log.EventLog;

/**
 * One recording in this JVM: its log and writer thread, its dictionary, the threads that record
 * into it, what deaths and value profiles need, and its life cycle: housekeeping on the clock's
 * ticks, the calibration of the advice's cost, and the end. {@link Recorder}'s static entry
 * points, which the woven advice calls, reach it through one field.
 *
 * <p>Threads are flushed when their buffer fills, when a batch is {@code flush=} old, by the clock
 * thread soon after they end, and at the end by {@link #close}.
 */
final class RecordingSession {
    /** How often (in ticks) the clock thread looks for ended threads to flush. */
    private static final int HOUSEKEEPING_TICKS = 500;
    /** How long the end waits for the reports of the collections already run. */
    private static final long COLLECTION_REPORTS_WAIT_MILLIS = 500;

    final EventLog log;
    final Dictionary dictionary;
    /** Every how many allocations of a site one is tracked; 0 when deaths are not recorded. */
    final int trackEvery;
    /** The tracked objects alive, asked by every use advice; empty unless deaths are recorded. */
    final TrackedObjects trackedObjects;
    /** The names of user-defined events ({@code Profq.event}). */
    final UserEventTypes userEventTypes;
    private final Instrumentation instrumentation;
    /** Appends the batches the program's threads hand over. */
    private final BatchWriter writer;
    /** How old a thread's batch may grow before it is written ({@code flush=}). */
    private final long flushIntervalNanos;
    /** Whether the end runs one full collection to tell objects unreachable at exit from reachable ones. */
    private final boolean finalCollection;
    /** Calls are recorded, so the threads' CPU times are read to be charged to them. */
    private final boolean readsCpuTimes;
    private final Lifetimes lifetimes;
    /** The JVM's garbage collections, recorded while deaths are followed; null otherwise or when the JVM cannot tell them. */
    private final GarbageCollections collections;
    /** Every thread that recorded anything and has not been flushed after its end. */
    private final List<ThreadRecorder> liveThreads = new ArrayList<>();
    private final ThreadLocal<ThreadRecorder> current;

    /** Value profiles ({@code values=}); null without. */
    volatile ValueProfiler values;
    /** Reads the threads' CPU times on the clock thread; null where the JVM cannot. */
    private volatile CpuTimes cpuTimes;
    /** The weaving pseudo-method's id ({@code WEAVING_METHOD}), named at the first weaving inside a call; 0 before. */
    private volatile int weavingMethodId;
    /** The advice's cost, measured at the start; awaited before the end record, so that its figures are in every recording. */
    private volatile CalibrationFigures calibration;
    private boolean closed;
    private int ticksSinceHousekeeping;
    private long eventsWrittenByEndedThreads;
    private long eventsLostByEndedThreads;

    /** See {@link Recorder#start}; {@code current} is the threads' recorders, which this session makes. */
    RecordingSession(ThreadLocal<ThreadRecorder> current, EventLog eventLog, Instrumentation inst, boolean exactClock, long tickNanos,
                     int trackEveryNth, boolean finalGc, long flushNanos, boolean readCpuTimes) {
        this.current = current;
        log = eventLog;
        flushIntervalNanos = flushNanos;
        instrumentation = inst;
        dictionary = new Dictionary(eventLog, inst::getObjectSize);
        eventLog.onStopped(reason -> {
            System.err.println("profq: " + reason);
            dictionary.warning(reason); // kept when the log still takes small records (disk nearly full)
        });
        userEventTypes = new UserEventTypes(dictionary);
        writer = BatchWriter.start(eventLog, dictionary);
        Clock.start(exactClock, tickNanos, this::onTick);
        trackEvery = trackEveryNth;
        readsCpuTimes = readCpuTimes;
        finalCollection = trackEveryNth > 0 && finalGc;
        if (trackEveryNth > 0) {
            // The reaper's own clock reading: a death is placed exactly against the collections (the tick may lag a collection).
            lifetimes = new Lifetimes(objectId -> recordingProfqThread().deathAt(objectId, Clock.preciseNow()),
                    (recordedByNanos, reportsThroughNanos) -> dictionary.deathsRecorded(recordedByNanos, reportsThroughNanos));
            trackedObjects = lifetimes.tracked();
            collections = startCollections(lifetimes);
        } else {
            lifetimes = null;
            trackedObjects = new TrackedObjects(null);
            collections = null;
        }
    }

    /** The collections bound the deaths; a JVM whose classes cannot even be loaded for it just has none. */
    private GarbageCollections startCollections(Lifetimes followed) {
        try {
            return GarbageCollections.start(dictionary, followed::collectionReported);
        } catch (Throwable t) {
            return null;
        }
    }

    /** An allocation at {@code call} (see {@link Recorder#allocation}); {@code copy}: an array's {@code clone()}. */
    void allocated(ThreadRecorder thread, Object created, JoinPoint.StaticPart call, JoinPoint.StaticPart enclosing, boolean copy) {
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

    private long deepSize(Object array) {
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

    /** See {@link Recorder#weavingStarted}. */
    boolean weavingStarted(ThreadRecorder thread) {
        if (!thread.inCall()) {
            return false;
        }
        int method = weavingMethodId;
        if (method == 0) {
            method = weavingMethodId = dictionary.profqMethod(WEAVING_METHOD); // idempotent: races name it once
        }
        thread.enter(method);
        return true;
    }

    /** Flushes every thread, writes loss records and the end record, and closes the log, once (see {@link Recorder#close}). */
    void close(boolean programEnded) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        awaitCalibration();
        org.profq.api.Profq.install(null); // events emitted from now on are nowhere, as without profq
        if (lifetimes != null) {
            endLifetimes(programEnded);
        }
        long written = eventsWrittenByEndedThreads;
        long lost = eventsLostByEndedThreads;
        int stillRunning = 0;
        DocumentWriter document = new DocumentWriter();
        synchronized (liveThreads) {
            for (ThreadRecorder thread : liveThreads) {
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
            dictionary.warning(unnamed);
        }
        int errors = InternalErrors.count();
        if (errors > 0) {
            dictionary.warning(errors + " internal recorder errors; events around them may be missing");
        }
        document.start(DOC_END)
                .putVarint(Clock.preciseNow())
                .putVarint(written)
                .putVarint(lost)
                .putVarint(stillRunning);
        log.write(document.bytes(), 0, document.length());
        log.close();
    }

    synchronized boolean isClosed() {
        return closed;
    }

    /** The deaths at the end: objects still tracked die at exit, told apart by the final collection when there is one. */
    private void endLifetimes(boolean programEnded) {
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

    /**
     * The recorder of one of profq's threads that records profq's own events (deaths, found by the
     * reference thread or at the end by the closing thread), named the first time: what other code
     * does on such a thread is dropped ({@link #newThreadRecorder}), what profq records there is not.
     */
    private ThreadRecorder recordingProfqThread() {
        ThreadRecorder thread = CurrentRecorders.get(current);
        if (thread.dropsEvents()) {
            thread = registeredRecorder(Thread.currentThread());
            setCurrent(thread);
        }
        return thread;
    }

    /** Makes {@code thread} the current thread's recorder. */
    private void setCurrent(ThreadRecorder thread) {
        current.set(thread);
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
    ThreadRecorder newThreadRecorder() {
        Thread thread = Thread.currentThread();
        ThreadRecorder standIn = ThreadRecorder.standingInWhileNamed(thread);
        // What woven code records on this thread while it is being named (run by another agent's
        // code inside the naming) is dropped, rather than naming the thread again inside itself.
        current.set(standIn);
        if (ProfqThreads.isProfqs()) {
            return ThreadRecorder.dropping(thread);
        }
        return registeredRecorder(thread);
    }

    private ThreadRecorder registeredRecorder(Thread thread) {
        ThreadRecorder recorder = new ThreadRecorder(dictionary.registerThread(thread), thread, log, flushIntervalNanos, writer);
        synchronized (liveThreads) {
            liveThreads.add(recorder);
        }
        return recorder;
    }

    /** See {@link Recorder#calibrateInBackground}. */
    void calibrateInBackground(Runnable compilerHints, CallSitesInPlace.Maker inPlace) {
        CalibrationFigures figures = new CalibrationFigures(dictionary);
        Thread thread = new Thread(() -> {
            CpuTimes times = CpuTimes.open(); // off the program's path: java.management loads here
            if (readsCpuTimes) {
                cpuTimes = times;
            }
            try {
                compilerHints.run();
            } catch (Throwable t) {
                Recorder.internalError(t);
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
    private void calibrate(CpuTimes times, CallSitesInPlace.Maker inPlace, CalibrationFigures figures) {
        try {
            ThreadRecorder dropped = ThreadRecorder.dropping(Thread.currentThread());
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
            Recorder.internalError(t);
        } finally {
            figures.finished();
        }
    }

    /** A call's cost where the program makes it; null, with a warning in the recording, if it cannot be measured so. */
    private InPlaceCallCost.Result measureInPlace(ThreadRecorder dropped, CallSitesInPlace.Maker inPlace, CpuTimes times,
                                                  CalibrationFigures figures) {
        try {
            CallSitesInPlace sites = inPlace.make(dictionary::calibrationMethods);
            return InPlaceCallCost.measure(dropped, sites, OverheadCalibration.threadTime(times), figures::ended);
        } catch (Throwable t) {
            figures.notInPlace(t);
            return null;
        }
    }

    private void awaitCalibration() {
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
    void onTick() {
        CpuTimes times = cpuTimes;
        if (times != null) {
            try {
                synchronized (liveThreads) {
                    times.readIfDue(Clock.preciseNow(), liveThreads);
                }
            } catch (Throwable t) {
                Recorder.internalError(t); // the clock must keep ticking
            }
        }
        if (++ticksSinceHousekeeping < HOUSEKEEPING_TICKS) {
            return;
        }
        ticksSinceHousekeeping = 0;
        try {
            flushEndedThreads();
        } catch (Throwable t) {
            Recorder.internalError(t); // the clock must keep ticking
        }
    }

    /**
     * Writes the last events of the threads that have ended and forgets them: on the clock thread
     * every {@value #HOUSEKEEPING_TICKS} ticks, and at {@code Profq.flush()}, whose caller may wait
     * for the threads it started.
     */
    void flushEndedThreads() {
        synchronized (liveThreads) {
            liveThreads.removeIf(thread -> {
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

    private void writeLoss(DocumentWriter document, ThreadRecorder thread) {
        if (thread.eventsLost() > 0) {
            document.start(DOC_LOSS).putVarint(thread.threadId).putVarint(log.lossCause()).putVarint(thread.eventsLost());
            log.write(document.bytes(), 0, document.length());
        }
        if (thread.userEventsRefused() > 0) {
            document.start(DOC_LOSS).putVarint(thread.threadId).putVarint(LOSS_EVENT_REFUSED).putVarint(thread.userEventsRefused());
            log.write(document.bytes(), 0, document.length());
        }
    }
}
