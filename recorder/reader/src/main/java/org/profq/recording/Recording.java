package org.profq.recording;

import static org.profq.format.RecordingFormat.UNKNOWN_METHOD;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import org.profq.format.RecordingFormat;
import org.profq.format.RecordingLayout;
import org.profq.recording.RecordedEvent.CallExit;

/**
 * A recording, opened for reading: its header, its dictionaries, and its events in order per
 * thread with call nesting rebuilt.
 *
 * <pre>{@code
 * try (Recording recording = Recording.open(Path.of("Main.profq"))) {
 *     recording.forEachEvent(event -> System.out.println(event));
 * }
 * }</pre>
 *
 * Opening reads the whole log once for names and totals, keeping only those ({@link
 * #open(Path, Function)} reads only what was flushed after a scan whose state was kept); events
 * are decoded again, streaming, by each {@link #forEachEvent} or {@link #forEachCall}. A recording
 * still being written can be opened: it shows what was flushed when it was opened.
 *
 * <p>A recording made with a window ({@code maxsize}, {@code maxage}) holds the latest part of
 * the run: {@link #window()} says from when, and the events dropped before it are counted in
 * {@link #losses()} (cause "window"). Calls that began before the window are not rebuilt: their
 * exits are kept events, but they make no {@link Call}, and the calls inside the window nest
 * from depth 0 where they nested in them.
 */
public final class Recording implements AutoCloseable {
    private final Path directory;
    /** The {@code events/} queue: with a window, its batches only. */
    private final DocumentSource source;
    /** With a window, the {@code names/} queue: the header and every other document; else null. */
    private final DocumentSource names;
    private final RunInfo run;
    /** What the scan of the log found: names, totals, losses, end. */
    private final LogScan scan;
    /** Set when {@link #refresh} gave a newer recording the log position (and its closing) to. */
    private boolean handedOn;
    /** Why a refresh failed: the log position is lost, so every later refresh fails the same way. */
    private RuntimeException refreshFailure;

    private Recording(Path directory, Function<RunInfo, Optional<byte[]>> savedScan) {
        this.directory = directory;
        this.source = new DocumentSource(directory);
        try {
            this.names = Files.isDirectory(RecordingLayout.namesDirectory(directory))
                    ? new DocumentSource(directory, RecordingLayout.namesDirectory(directory)) : null;
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
        LogScan fromTheStart = new LogScan(source, names);
        LogScan scan = fromTheStart;
        try {
            this.run = fromTheStart.readHeader();
            Optional<byte[]> saved = savedScan.apply(run);
            if (saved.isPresent()) {
                scan = fromTheStart.resumedFrom(saved.get());
            }
            scan.scanAll();
        } catch (RuntimeException e) {
            close();
            throw scan.failure(e);
        }
        this.scan = scan;
    }

    /** A newer view of {@code previous}: its names and totals, reading on from its log position. */
    private Recording(Recording previous) {
        this.directory = previous.directory;
        this.source = previous.source;
        this.names = previous.names;
        this.run = previous.run;
        this.scan = new LogScan(previous.scan);
        try {
            scan.scanAll();
        } catch (RuntimeException e) {
            throw scan.failure(e);
        }
    }

    /**
     * The recording as it is now. A recording still being written grows, but a {@code Recording}
     * keeps showing what had been flushed when it was opened, so that its readers see a fixed
     * set of events. If documents were flushed since, this gives a new {@code Recording} that
     * has read them as well (names, totals, end record), reading on from where this one stopped
     * rather than from the start; otherwise it gives this one. This one stays readable; once it
     * has given a newer one, refresh and close that one instead (closing it closes the log).
     */
    public synchronized Recording refresh() {
        if (handedOn) {
            throw new IllegalStateException(directory + " was refreshed already: refresh the recording refresh() gave");
        }
        if (refreshFailure != null) {
            throw refreshFailure;
        }
        Recording newer;
        try {
            newer = new Recording(this);
        } catch (RuntimeException e) {
            refreshFailure = e;
            throw e;
        }
        if (newer.scan.state.documentCount == scan.state.documentCount && newer.scan.state.namesDocumentCount == scan.state.namesDocumentCount) {
            return this;
        }
        handedOn = true;
        return newer;
    }

    /** Opens the recording directory {@code directory} (the one holding {@code events/}). */
    public static Recording open(Path directory) {
        return open(directory, run -> Optional.empty());
    }

    /**
     * Opens the recording directory {@code directory}, reading its log for names and totals only
     * from where the scan whose state {@code savedScan} gives for the run (its header) stopped: a
     * state {@link #savedScan()} gave, kept beside the recording's index, perhaps by another
     * process. A state that is damaged, or is not of this log as it is now (another run's, of a log
     * cut short or replaced since), is ignored, and the whole log is read, as by {@link #open(Path)};
     * a log that grew since is read from where the state stopped.
     */
    public static Recording open(Path directory, Function<RunInfo, Optional<byte[]>> savedScan) {
        if (!Files.exists(directory)) {
            throw new RecordingException(directory + " does not exist; give the path of a <name>.profq recording directory.");
        }
        return new Recording(directory, savedScan);
    }

    /**
     * Where the scan of the log for names and totals stopped, with all it found, as bytes to keep
     * beside the recording (its index does) and give to {@link #open(Path, Function)} in a later
     * process, which then reads only the log after it; empty for a recording with a window, whose
     * oldest log files are deleted as it grows, so it is always read from its start.
     */
    public synchronized Optional<byte[]> savedScan() {
        return scan.savedState();
    }

    /**
     * Bytes of the log this recording's scans for names and totals read in this process (since it
     * was opened, its refreshes included): all of the log when opened with no saved scan, the
     * header and what was flushed after a saved scan's end otherwise. {@code profq info} says it
     * (its {@code log read} line), with {@link #openedFromSavedScan()} and {@link #savedScanSetAside()}.
     */
    public long logBytesScanned() {
        return scan.bytesRead;
    }

    /** Whether this recording was opened from a saved scan ({@link #open(Path, Function)}): its log was read from where that scan stopped. */
    public boolean openedFromSavedScan() {
        return scan.resumed;
    }

    /**
     * Why the saved scan given to {@link #open(Path, Function)} was set aside and the whole log read
     * instead, as a clause ("the log changed since it was kept: ..."); empty when it was taken up,
     * or none was given. A log cut short, replaced, or changed where the saved scan last read it
     * is found so; a change to the log before that is not (see {@link #open(Path, Function)}).
     */
    public Optional<String> savedScanSetAside() {
        return Optional.ofNullable(scan.setAsideBecause);
    }

    /**
     * Whether {@link #savedScan()} holds more than the saved scan this recording was opened from:
     * its scans read documents after it (or after the header, when opened without one). Then it is
     * worth keeping in its place.
     */
    public boolean savedScanIsBehind() {
        return scan.readPastStart;
    }

    public Path directory() {
        return directory;
    }

    public RunInfo run() {
        return run;
    }

    public List<ClassInfo> classes() {
        return Dictionaries.view(scan.state.dictionaries.classes);
    }

    public List<MethodInfo> methods() {
        return Dictionaries.view(scan.state.dictionaries.methods);
    }

    public List<SiteInfo> sites() {
        return Dictionaries.view(scan.state.dictionaries.sites);
    }

    public List<ThreadInfo> threads() {
        return Dictionaries.view(scan.state.dictionaries.threads);
    }

    public List<FieldInfo> fields() {
        return Dictionaries.view(scan.state.dictionaries.fields);
    }

    public FieldInfo field(int id) {
        return scan.state.dictionaries.field(id);
    }

    public ClassInfo classInfo(int id) {
        return scan.state.dictionaries.classInfo(id);
    }

    /** The method with this id; id 0 is a call AspectJ could not name (class-initialisation cycle). */
    public MethodInfo method(int id) {
        return id == UNKNOWN_METHOD ? new MethodInfo(0, 0, "<unknown>", "()V", 0, "", 0) : scan.state.dictionaries.method(id);
    }

    public SiteInfo site(int id) {
        return scan.state.dictionaries.site(id);
    }

    public ThreadInfo thread(int id) {
        return scan.state.dictionaries.thread(id);
    }

    /** The enum constants that were parameters of value-profiled calls. */
    public List<ConstantInfo> constants() {
        return Dictionaries.view(scan.state.dictionaries.constants);
    }

    public ConstantInfo constant(int id) {
        return scan.state.dictionaries.constant(id);
    }

    /**
     * The text of a string parameter with this 64-bit hash, when the recording kept it
     * ({@code rawstrings=true}; up to {@code RecordingFormat.MAX_RAW_STRING_CHARS} characters).
     */
    public Optional<String> text(long hash) {
        return Optional.ofNullable(scan.state.dictionaries.texts.get(hash));
    }

    /** A readable name for a method: {@code pkg.Class.name(descriptor)}. */
    public String methodName(int id) {
        MethodInfo method = method(id);
        String owner = method.classId() == 0 ? "" : classInfo(method.classId()).name() + ".";
        return owner + method.name() + method.descriptor();
    }

    /** The user-defined events ({@code Profq.event}) the program named, with their columns; empty if none. */
    public List<UserEventType> userEventTypes() {
        return scan.state.dictionaries.userEventTypes();
    }

    /** A user event's value ({@link RecordedEvent.UserValue}) as its column's type has it: Long, Double, Boolean or String. */
    public Object userEventValue(int columnId, long raw) {
        UserEventColumn column = Dictionaries.byId(scan.state.dictionaries.eventColumns, columnId, "user event column");
        return switch (column.type()) {
            case RecordingFormat.COLUMN_LONG -> raw;
            case RecordingFormat.COLUMN_DOUBLE -> Double.longBitsToDouble(raw);
            case RecordingFormat.COLUMN_BOOLEAN -> raw != 0;
            default -> Dictionaries.byId(scan.state.dictionaries.eventStrings, (int) raw, "user event string");
        };
    }

    /** Events recorded (written in batches), not counting lost ones. */
    public long eventCount() {
        return scan.state.eventCount;
    }

    /** Events the recorder counted as lost, by thread and cause. */
    public List<Loss> losses() {
        return List.copyOf(scan.state.losses);
    }

    /**
     * Events the recorder counted as lost. That is every lost event only when the recording has
     * its {@link #end}: without one (the program was killed, or is still running) each thread's
     * last events, not yet written, are missing as well and counted nowhere (at most
     * {@link org.profq.format.RecordingFormat#UNWRITTEN_BYTES_PER_THREAD} bytes of events per thread,
     * spanning less than one flush interval, {@code flush=}, by default
     * {@link org.profq.format.RecordingFormat#BATCH_MAX_AGE_NANOS}).
     */
    public long eventsLost() {
        return scan.state.losses.stream().mapToLong(Loss::events).sum();
    }

    /**
     * The window a recording made with {@code maxsize} or {@code maxage} kept, once it had to
     * drop its oldest events; empty when every event recorded is in the log.
     */
    public Optional<RecordingWindow> window() {
        return Optional.ofNullable(scan.state.window);
    }

    /** Bytes of documents in the log (header, names, batches, the window's kept ones only), Chronicle's framing included. */
    public long logBytes() {
        return scan.state.logBytes;
    }

    /** Warnings the recorder kept, such as classes it left unwoven. */
    public List<String> warnings() {
        return List.copyOf(scan.state.warnings);
    }

    /**
     * How the program's classes were woven; written at the end, so empty when the program was
     * killed (or for recordings older than format 2.2). Classes left unwoven are also named in
     * {@link #warnings()}.
     */
    public Optional<WeavingSummary> weaving() {
        return Optional.ofNullable(scan.state.weaving);
    }

    /**
     * What the recorder's advice cost per call and allocation, and how CPU time was read; empty for
     * recordings older than format 2.6, or when the program ended before the calibration did.
     */
    public Optional<Calibration> calibration() {
        return Optional.ofNullable(scan.state.calibration);
    }

    /**
     * The garbage collections the JVM ran while the recording followed deaths, on profq's time axis
     * ({@link GarbageCollection} says how precisely), in the order the JVM reported them; empty for a
     * recording made without deaths, or older than format 2.9.
     */
    public List<GarbageCollection> collections() {
        return GarbageCollection.placed(scan.state.collections);
    }

    /**
     * The collections that bound from below the deaths of the tracked objects they did not find
     * ({@link SurvivedCollection} says which and why), in order of start; empty for a recording
     * older than format 2.10, or with no whole-heap collection.
     */
    public List<SurvivedCollection> survivedCollections() {
        return SurvivedCollection.of(scan.state.collections, collections(), scan.state.deathsRecorded);
    }

    /**
     * Classes the weaver never saw, named with why: with {@code profq attach}, those the JVM had
     * loaded before the agent arrived (format 2.5); empty for a recording made from the JVM's start.
     */
    public List<UnwovenClass> unwovenClasses() {
        return List.copyOf(scan.state.unwovenClasses);
    }

    /** The end record; empty when the program was killed before the recorder could write it. */
    public Optional<RecordingEnd> end() {
        return Optional.ofNullable(scan.state.end);
    }

    /** The recording's length: the end record's time, or the last flushed event's for an abrupt end. */
    public long durationNanos() {
        return scan.state.end != null ? scan.state.end.endNanos() : scan.state.lastEventNanos;
    }

    /**
     * A reader over every event, each thread's in order, with call nesting rebuilt. It sees
     * the documents that were in the log when this recording was opened.
     */
    public EventReader newEventReader() {
        return new EventReader(this, scan.state.dictionaries, scan.state.documentCount);
    }

    /**
     * A reader over the events after {@code checkpoint} (which a reader of this recording, at
     * this extent or an earlier one, gave), as if it had read every one before: events and calls
     * get the same ids, parents and depths. Throws {@link RecordingException} when it cannot go
     * on from there (a window deleted the file, or the checkpoint is of a larger extent).
     */
    public EventReader newEventReader(ReaderCheckpoint checkpoint) {
        return new EventReader(this, scan.state.dictionaries, scan.state.documentCount, checkpoint);
    }

    /** Every event, each thread's in order, with call nesting rebuilt; streams the log once. */
    public void forEachEvent(Consumer<RecordedEvent> consumer) {
        try (EventReader events = newEventReader()) {
            while (events.hasNext()) {
                consumer.accept(events.next());
            }
        }
    }

    /** Every event, collected: for small recordings and tests. */
    public List<RecordedEvent> readAllEvents() {
        List<RecordedEvent> all = new ArrayList<>();
        forEachEvent(all::add);
        return all;
    }

    /**
     * Every call, entry to exit, in the order calls end; calls still open at the end of the
     * recording come last, unfinished, ending at {@link #durationNanos()}.
     */
    public void forEachCall(Consumer<Call> consumer) {
        try (EventReader events = newEventReader()) {
            while (events.hasNext()) {
                if (events.next() instanceof CallExit exit) {
                    consumer.accept(new Call(exit.callId(), exit.threadId(), exit.methodId(), exit.parentCallId(),
                            exit.depth(), exit.startNanos(), exit.timeNanos(), exit.threw(), true));
                }
            }
            events.openCalls().forEach(consumer);
        }
    }

    public List<Call> readAllCalls() {
        List<Call> all = new ArrayList<>();
        forEachCall(all::add);
        return all;
    }

    @Override
    public synchronized void close() {
        if (!handedOn) {
            source.close();
            if (names != null) {
                names.close();
            }
        }
    }
}
