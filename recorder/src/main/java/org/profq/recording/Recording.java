package org.profq.recording;

import static org.profq.event.RecordingFormat.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.profq.event.ByteCursor;
import org.profq.event.DocumentChecksums;
import org.profq.log.RecordingLayout;
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
 * Opening reads the whole log once for names and totals, keeping only those; events are
 * decoded again, streaming, by each {@link #forEachEvent} or {@link #forEachCall}. A recording
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
    private final Dictionaries dictionaries = new Dictionaries();
    private final DocumentChecksums checksums = new DocumentChecksums();
    private final List<Loss> losses = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, Integer> lossIndex = new HashMap<>();
    private RecordingEnd end;
    private WeavingSummary weaving;
    private RecordingWindow window;
    /** Documents read from {@code events/}: what an {@link EventReader} reads up to. */
    private long documentCount;
    private long namesDocumentCount;
    /** The queue being read, for messages. */
    private DocumentSource reading;
    private long events;
    private long logBytes;
    private long lastEventNanos;
    private final Map<Integer, Long> threadLastNanos = new HashMap<>();
    /** Set when {@link #refresh} gave a newer recording the log position (and its closing) to. */
    private boolean handedOn;
    /** Why a refresh failed: the log position is lost, so every later refresh fails the same way. */
    private RuntimeException refreshFailure;

    private Recording(Path directory) {
        this.directory = directory;
        this.source = new DocumentSource(directory);
        this.reading = source;
        try {
            this.names = Files.isDirectory(RecordingLayout.namesDirectory(directory))
                    ? new DocumentSource(directory, RecordingLayout.namesDirectory(directory)) : null;
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
        try {
            this.run = readHeader();
            scanAll();
        } catch (ByteCursor.MalformedRecordException e) {
            close();
            throw new RecordingException(damagedAt() + e.getMessage(), e);
        } catch (RecordingException e) {
            close();
            throw e.getMessage().contains(directory.toString()) ? e : new RecordingException(damagedAt() + e.getMessage(), e);
        } catch (RuntimeException e) {
            close();
            throw new RecordingException(damagedAt() + e, e);
        }
    }

    private String damagedAt() {
        return reading.fileName() + " is damaged at document " + (reading == names ? namesDocumentCount : documentCount) + ": ";
    }

    /** A newer view of {@code previous}: its names and totals, reading on from its log position. */
    private Recording(Recording previous) {
        this.directory = previous.directory;
        this.source = previous.source;
        this.names = previous.names;
        this.reading = source;
        this.run = previous.run;
        dictionaries.classes.addAll(previous.dictionaries.classes);
        dictionaries.methods.addAll(previous.dictionaries.methods);
        dictionaries.sites.addAll(previous.dictionaries.sites);
        dictionaries.threads.addAll(previous.dictionaries.threads);
        dictionaries.fields.addAll(previous.dictionaries.fields);
        losses.addAll(previous.losses);
        lossIndex.putAll(previous.lossIndex);
        window = previous.window;
        namesDocumentCount = previous.namesDocumentCount;
        warnings.addAll(previous.warnings);
        threadLastNanos.putAll(previous.threadLastNanos);
        end = previous.end;
        weaving = previous.weaving;
        documentCount = previous.documentCount;
        events = previous.events;
        logBytes = previous.logBytes;
        lastEventNanos = previous.lastEventNanos;
        try {
            scanAll();
        } catch (ByteCursor.MalformedRecordException e) {
            throw new RecordingException(directory + " is damaged at document "
                    + (reading == names ? namesDocumentCount : documentCount) + ": " + e.getMessage(), e);
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
        if (newer.documentCount == documentCount && newer.namesDocumentCount == namesDocumentCount) {
            return this;
        }
        handedOn = true;
        return newer;
    }

    /** Opens the recording directory {@code directory} (the one holding {@code events/}). */
    public static Recording open(Path directory) {
        if (!Files.exists(directory)) {
            throw new RecordingException(directory + " does not exist; give the path of a <name>.profq recording directory.");
        }
        return new Recording(directory);
    }

    public Path directory() {
        return directory;
    }

    public RunInfo run() {
        return run;
    }

    public List<ClassInfo> classes() {
        return Dictionaries.view(dictionaries.classes);
    }

    public List<MethodInfo> methods() {
        return Dictionaries.view(dictionaries.methods);
    }

    public List<SiteInfo> sites() {
        return Dictionaries.view(dictionaries.sites);
    }

    public List<ThreadInfo> threads() {
        return Dictionaries.view(dictionaries.threads);
    }

    public List<FieldInfo> fields() {
        return Dictionaries.view(dictionaries.fields);
    }

    public FieldInfo field(int id) {
        return dictionaries.field(id);
    }

    public ClassInfo classInfo(int id) {
        return dictionaries.classInfo(id);
    }

    /** The method with this id; id 0 is a call AspectJ could not name (class-initialisation cycle). */
    public MethodInfo method(int id) {
        return id == UNKNOWN_METHOD ? new MethodInfo(0, 0, "<unknown>", "()V", 0, "", 0) : dictionaries.method(id);
    }

    public SiteInfo site(int id) {
        return dictionaries.site(id);
    }

    public ThreadInfo thread(int id) {
        return dictionaries.thread(id);
    }

    /** A readable name for a method: {@code pkg.Class.name(descriptor)}. */
    public String methodName(int id) {
        MethodInfo method = method(id);
        String owner = method.classId() == 0 ? "" : classInfo(method.classId()).name() + ".";
        return owner + method.name() + method.descriptor();
    }

    /** Events recorded (written in batches), not counting lost ones. */
    public long eventCount() {
        return events;
    }

    /** Events the recorder counted as lost, by thread and cause. */
    public List<Loss> losses() {
        return List.copyOf(losses);
    }

    /**
     * Events the recorder counted as lost. That is every lost event only when the recording has
     * its {@link #end}: without one (the program was killed, or is still running) each thread's
     * last batch, not yet written, is missing as well and counted nowhere (at most
     * {@link org.profq.event.RecordingFormat#BATCH_CAPACITY_BYTES} bytes of events per thread,
     * spanning less than {@link org.profq.event.RecordingFormat#BATCH_MAX_AGE_NANOS}).
     */
    public long eventsLost() {
        return losses.stream().mapToLong(Loss::events).sum();
    }

    /**
     * The window a recording made with {@code maxsize} or {@code maxage} kept, once it had to
     * drop its oldest events; empty when every event recorded is in the log.
     */
    public Optional<RecordingWindow> window() {
        return Optional.ofNullable(window);
    }

    /** Bytes of documents in the log (header, names, batches, the window's kept ones only), Chronicle's framing included. */
    public long logBytes() {
        return logBytes;
    }

    /** Warnings the recorder kept, such as classes it left unwoven. */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /**
     * How the program's classes were woven; written at the end, so empty when the program was
     * killed (or for recordings older than format 2.2). Classes left unwoven are also named in
     * {@link #warnings()}.
     */
    public Optional<WeavingSummary> weaving() {
        return Optional.ofNullable(weaving);
    }

    /** The end record; empty when the program was killed before the recorder could write it. */
    public Optional<RecordingEnd> end() {
        return Optional.ofNullable(end);
    }

    /** The recording's length: the end record's time, or the last flushed event's for an abrupt end. */
    public long durationNanos() {
        return end != null ? end.endNanos() : lastEventNanos;
    }

    /**
     * A reader over every event, each thread's in order, with call nesting rebuilt. It sees
     * the documents that were in the log when this recording was opened.
     */
    public EventReader newEventReader() {
        return new EventReader(this, dictionaries, documentCount);
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

    /** The first document of {@code names/} with a window, else of {@code events/}. */
    private RunInfo readHeader() {
        DocumentSource source = names != null ? names : this.source;
        reading = source;
        if (!source.next()) {
            throw new RecordingException(source.directory() + " holds no header: the recording is empty or was never started.");
        }
        if (source == names) {
            namesDocumentCount++;
        } else {
            documentCount++;
        }
        logBytes += source.length() + 4L;
        ByteCursor in = new ByteCursor().reset(source.bytes(), 0, source.length());
        if (in.readByte() != DOC_HEADER || !Arrays.equals(in.readBytes(MAGIC.length), MAGIC)) {
            throw new RecordingException(source.fileName() + " does not start with a profq header: it is not a profq recording.");
        }
        if (!checksums.trailerMatches(source.bytes(), source.length())) {
            // Read the version anyway: a recording of another format is refused for that, not as damaged.
            int major = in.readInt();
            if (major != MAJOR_VERSION) {
                throw new RecordingException(source.fileName() + " has recording format version " + major + "." + in.readInt()
                        + "; this profq reads version " + MAJOR_VERSION + ".x: open it with a matching profq.");
            }
            throw new ByteCursor.MalformedRecordException("its header does not match its CRC32C checksum");
        }
        in.reset(source.bytes(), 1 + MAGIC.length, source.length() - CHECKSUM_BYTES);
        int major = in.readInt();
        int minor = in.readInt();
        if (major != MAJOR_VERSION) {
            throw new RecordingException(source.fileName() + " has recording format version " + major + "." + minor
                    + "; this profq reads version " + MAJOR_VERSION + ".x: open it with a matching profq.");
        }
        return new RunInfo(major, minor, in.readString(), in.readString(), in.readString(), in.readVarint(),
                in.readString(), in.readVarint(), in.readString(), in.readString(), in.readVarint());
    }

    /**
     * Reads on through both queues. Batches first: every name a batch read here refers to was
     * written before it, so it is in {@code names/} by the time that is read.
     */
    private void scanAll() {
        scan(source);
        if (names != null) {
            scan(names);
        }
        dictionaries.threads.replaceAll(thread -> thread.withLastNanos(
                threadLastNanos.getOrDefault(thread.id(), thread.firstNanos())));
    }

    /** One pass over a queue for names, losses, the window, the end record and totals. */
    private void scan(DocumentSource source) {
        reading = source;
        ByteCursor in = new ByteCursor();
        while (source.next()) {
            if (source == names) {
                namesDocumentCount++;
            } else {
                documentCount++;
            }
            logBytes += source.length() + 4L;
            byte[] bytes = source.bytes();
            int length = source.length();
            boolean batch = length > 0 && bytes[0] == DOC_BATCH;
            if (!batch && !checksums.trailerMatches(bytes, length)) {
                throw new ByteCursor.MalformedRecordException("a document of " + length + " bytes that does not match its CRC32C checksum");
            }
            in.reset(bytes, 0, batch ? length : length - CHECKSUM_BYTES);
            switch ((byte) in.readByte()) {
                case DOC_BATCH -> {
                    int thread = in.readInt();
                    in.readVarint(); // sequence
                    in.readVarint(); // base time
                    in.readVarint(); // first call
                    in.readVarint(); // first object
                    long count = in.readVarint();
                    long last = in.readVarint();
                    if (!checksums.batchMatches(bytes, in.position(), length)) {
                        throw new ByteCursor.MalformedRecordException("a batch of " + length + " bytes that does not match its CRC32C checksum");
                    }
                    events += count;
                    threadLastNanos.merge(thread, last, Math::max);
                    lastEventNanos = Math.max(lastEventNanos, last);
                }
                case DOC_CLASS -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.classes, id, new ClassInfo(id, in.readString()), "class");
                }
                case DOC_METHOD -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.methods, id, new MethodInfo(id, in.readInt(), in.readString(),
                            in.readString(), in.readInt(), in.readString(), in.readInt()), "method");
                }
                case DOC_SITE -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.sites, id, new SiteInfo(id, in.readInt(), in.readInt(), in.readInt(),
                            in.readByte() == 1, in.readVarint()), "allocation site");
                }
                case DOC_THREAD -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.threads, id, new ThreadInfo(id, in.readVarint(), in.readString(),
                            in.readByte() == 1, in.readVarint(), 0), "thread");
                }
                case DOC_FIELD -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.fields, id, new FieldInfo(id, in.readInt(), in.readString(), in.readString()), "field");
                }
                case DOC_LOSS -> addLoss(in.readInt(), lossCauseName(in.readInt()), in.readVarint());
                case DOC_WINDOW -> window = new RecordingWindow(in.readVarint(), in.readVarint());
                case DOC_END -> end = new RecordingEnd(in.readVarint(), in.readVarint(), in.readVarint(), in.readInt());
                case DOC_WARNING -> {
                    in.readVarint();
                    warnings.add(in.readString());
                }
                case DOC_WEAVING -> weaving = readWeaving(in);
                default -> throw new ByteCursor.MalformedRecordException("unknown document kind " + source.bytes()[0]);
            }
        }
    }

    private static WeavingSummary readWeaving(ByteCursor in) {
        long woven = in.readVarint();
        long unchanged = in.readVarint();
        long fromCache = in.readVarint();
        long generated = in.readVarint();
        Map<String, Long> leftUnwoven = new TreeMap<>();
        for (long reasons = in.readVarint(); reasons > 0; reasons--) {
            leftUnwoven.put(in.readString(), in.readVarint());
        }
        return new WeavingSummary(woven, unchanged, fromCache, generated, leftUnwoven);
    }

    /** A window writes a loss record per thread for each part it drops: one {@link Loss} per thread and cause adds them up. */
    private void addLoss(int threadId, String cause, long count) {
        String key = threadId + "/" + cause;
        Integer at = lossIndex.get(key);
        if (at == null) {
            lossIndex.put(key, losses.size());
            losses.add(new Loss(threadId, cause, count));
        } else {
            losses.set(at, new Loss(threadId, cause, losses.get(at).events() + count));
        }
    }
}
