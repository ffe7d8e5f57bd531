package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.profq.format.BatchHeader;
import org.profq.format.ByteCursor;
import org.profq.format.DocumentChecksums;
import org.profq.format.Varint;

/**
 * One pass over a recording's log for everything but the events: the header, the names, the
 * losses, the window, the end record and the totals, every document's checksum verified.
 * Batches are read as far as their headers. All it finds, and where it stopped, it keeps in its
 * {@link LogScanState}, so that a scan can be continued from where another stopped: a refresh of a
 * growing log ({@link #LogScan(LogScan)}) reads only what was flushed since, and a new process
 * given a state kept beside the recording's index ({@link #resumedFrom}) reads only what was
 * flushed after it.
 */
final class LogScan {
    /** The {@code events/} queue: with a window, its batches only. */
    private final DocumentSource events;
    /** With a window, the {@code names/} queue: the header and every other document; else null. */
    private final DocumentSource names;
    /**
     * What the scan found and where it stopped: everything it keeps. A scan that goes on from
     * another ({@link #LogScan(LogScan)}) shares that one's until it reads a document, then works
     * on a copy: a refresh that finds nothing new copies nothing.
     */
    LogScanState state;
    private boolean stateShared;
    private final DocumentChecksums checksums = new DocumentChecksums();
    private final BatchHeader batch = new BatchHeader();
    /** Bytes of documents this scan read itself (not those of the state it went on from): what {@link Recording#logBytesScanned()} says. */
    long bytesRead;
    /** Whether this scan went on from a state given to {@link #resumedFrom}, kept by an earlier scan. */
    boolean resumed;
    /** Why the state given to {@link #resumedFrom} was set aside and the log read from its start; null when none was, or none given. */
    String setAsideBecause;
    /** Whether a {@link #scanAll} read a document: then the state holds more than the one given to {@link #resumedFrom}, if any. */
    boolean readPastStart;
    /** The queue being read, for messages. */
    private DocumentSource reading;

    LogScan(DocumentSource events, DocumentSource names) {
        this(events, names, new LogScanState());
    }

    private LogScan(DocumentSource events, DocumentSource names, LogScanState state) {
        this.events = events;
        this.names = names;
        this.state = state;
        this.reading = events;
    }

    /** A scan that reads on from where {@code previous} stopped, knowing what it knew. */
    LogScan(LogScan previous) {
        this(previous.events, previous.names, previous.state);
        stateShared = true;
        bytesRead = previous.bytesRead;
        readPastStart = previous.readPastStart;
        resumed = previous.resumed;
        setAsideBecause = previous.setAsideBecause;
    }

    /**
     * A scan that goes on from {@code saved} ({@link LogScanState#toBytes} of a scan of this
     * recording, perhaps in another process) when it still describes the log: this scan has read
     * the header only, and the log is the one {@code saved} was scanned from, or that log grown.
     * Otherwise, or when {@code saved} is damaged, this scan, to read the log from its start.
     *
     * <p>The log is taken to be the one scanned when the header has the checksum it had (the same
     * run), the queue's files begin with the files read, in order, and the last document read in
     * each is still there, whole, with the same checksum. Those are what a log that grew keeps, and
     * what a log cut short, another recording copied in its place, or a file replaced do not.
     * A recording with a window is always read from its start: its oldest files are deleted.
     */
    LogScan resumedFrom(byte[] saved) {
        if (names != null || state.documentCount != 1) {
            return setAside("a recording with a window is read from its start every time, its oldest log files being deleted as it grows");
        }
        LogScanState resumed;
        try {
            resumed = LogScanState.fromBytes(saved);
        } catch (RecordingException damaged) {
            return setAside("it cannot be taken up: " + damaged.getMessage());
        }
        if (resumed.headerChecksum != state.headerChecksum) {
            return setAside("it is of another run's log: the header is not the one it read");
        }
        String gone = notInTheLog(resumed);
        if (gone != null) {
            return setAside(gone);
        }
        String afterHeader = events.positionFile();
        long afterHeaderOffset = events.positionOffset();
        try {
            events.resumeAt(resumed.nextFile, resumed.nextOffset);
        } catch (RecordingException notThere) {
            events.resumeAt(afterHeader, afterHeaderOffset); // read from the start, as if never given the state
            return setAside("the place in " + resumed.nextFile + " where it stopped is not in the log: " + notThere.getMessage());
        }
        LogScan scan = new LogScan(events, null, resumed);
        scan.bytesRead = bytesRead;
        scan.resumed = true;
        return scan;
    }

    /** This scan, to read the log from its start, noting why the state it was given is not taken up. */
    private LogScan setAside(String because) {
        setAsideBecause = because;
        return this;
    }

    /**
     * Why the files {@code saved} read are not the queue's first ones, each holding the last
     * document it read there, whole, with the same checksum; null when they are.
     */
    private String notInTheLog(LogScanState saved) {
        List<String> files = events.fileNames();
        if (saved.eventFiles.isEmpty() || !saved.nextFile.equals(saved.eventFiles.get(saved.eventFiles.size() - 1).name)) {
            return "it cannot be taken up: it does not say where in the log it stopped";
        }
        if (saved.eventFiles.size() > files.size()) {
            return "the log is shorter than when it was kept: it read " + saved.eventFiles.size() + " files of events/, which has "
                    + files.size() + " now";
        }
        for (int i = 0; i < saved.eventFiles.size(); i++) {
            LogScanState.FileMark file = saved.eventFiles.get(i);
            if (!file.name.equals(files.get(i))) {
                return "the files of events/ are not the ones it read: " + files.get(i) + " where it read " + file.name;
            }
            if (file.documentAt >= 0 && !(events.readDocumentAt(file.name, file.documentAt, file.documentLength)
                    && matchesItsChecksum(events.bytes(), file.documentLength, file.documentChecksum))) {
                return "the log changed since it was kept: the last document it read in " + file.name + " (at byte "
                        + file.documentAt + ") is not there, whole, with the checksum it had";
            }
        }
        return null;
    }

    /** Whether the document {@code bytes[0, length)} holds {@code checksum} and matches it. */
    private boolean matchesItsChecksum(byte[] bytes, int length, int checksum) {
        try {
            if (length > 0 && bytes[0] == DOC_BATCH) {
                batch.read(bytes, length);
                return batch.checksumMatches(bytes, length) && batch.checksum(bytes) == checksum;
            }
            return length >= CHECKSUM_BYTES && trailer(bytes, length) == checksum && checksums.trailerMatches(bytes, length);
        } catch (RuntimeException malformed) {
            return false;
        }
    }

    /**
     * Where this scan stopped and all it found, as bytes for {@link #resumedFrom} in a later
     * process; empty for a recording with a window, which is read from its start every time.
     */
    Optional<byte[]> savedState() {
        if (names != null) {
            return Optional.empty();
        }
        return Optional.of(state.toBytes());
    }

    /** The first document of {@code names/} with a window, else of {@code events/}. */
    RunInfo readHeader() {
        DocumentSource source = names != null ? names : events;
        reading = source;
        if (!source.next()) {
            throw new RecordingException(source.directory() + " holds no header: the recording is empty or was never started.");
        }
        RunInfo run = HeaderDocument.read(source.bytes(), source.length(), source.fileName(), checksums);
        events.writtenBy(run);
        if (names != null) {
            names.writtenBy(run);
        }
        counted(source);
        state.headerChecksum = trailer(source.bytes(), source.length());
        marked(source, state.headerChecksum);
        return run;
    }

    /**
     * Reads on through both queues. Batches first: every name a batch read here refers to was
     * written before it, so it is in {@code names/} by the time that is read.
     */
    void scanAll() {
        long documentsBefore = state.documentCount + state.namesDocumentCount;
        scan(events);
        if (names != null) {
            scan(names);
        }
        boolean read = state.documentCount + state.namesDocumentCount > documentsBefore;
        if (names == null && (read || !events.positionFile().equals(state.nextFile) || events.positionOffset() != state.nextOffset)) {
            fileMark(writableState(), events); // the file it stopped in, though it read no document there (one just begun)
            state.nextFile = events.positionFile();
            state.nextOffset = events.positionOffset();
        }
        if (read) {
            readPastStart = true;
            state.dictionaries.threads.replaceAll(thread -> thread.withLastNanos(
                    state.threadLastNanos.getOrDefault(thread.id(), thread.firstNanos())));
        }
    }

    /** The state, to change: this scan's own (a copy of the one it shares, the first time). */
    private LogScanState writableState() {
        if (stateShared) {
            state = state.copy();
            stateShared = false;
        }
        return state;
    }

    /**
     * What to throw for {@code failure}, met while scanning: damage named with its file and
     * document; a {@link RecordingException}, which names its file already, as it is.
     */
    RecordingException failure(RuntimeException failure) {
        String damagedAt = reading.fileName() + " is damaged at document "
                + (reading == names ? state.namesDocumentCount : state.documentCount) + ": ";
        if (failure instanceof ByteCursor.MalformedRecordException) {
            return new RecordingException(damagedAt + failure.getMessage(), failure);
        }
        if (failure instanceof RecordingException complete) {
            return complete;
        }
        return new RecordingException(damagedAt + failure, failure);
    }

    /** Counts the document {@code source} read last: the first change a document makes to the state. */
    private void counted(DocumentSource source) {
        LogScanState state = writableState();
        if (source == names) {
            state.namesDocumentCount++;
        } else {
            state.documentCount++;
        }
        state.logBytes += source.length() + 4L;
        bytesRead += source.length() + 4L;
    }

    /**
     * Notes the document of {@code events/} that {@code source} read last, whose checksum was
     * found right, as the last one read in its file; {@code checksum} is the one it holds.
     */
    private void marked(DocumentSource source, int checksum) {
        if (source == events && names == null) {
            LogScanState.FileMark file = fileMark(state, source);
            file.documentAt = source.documentAt();
            file.documentLength = source.length();
            file.documentChecksum = checksum;
        }
    }

    /** The mark of the file {@code source} is in, made (with those before it) when the scan first gets there. */
    private static LogScanState.FileMark fileMark(LogScanState state, DocumentSource source) {
        int index = source.fileIndex();
        if (index >= state.eventFiles.size()) {
            List<String> files = source.fileNames();
            while (state.eventFiles.size() <= index) {
                state.eventFiles.add(new LogScanState.FileMark(files.get(state.eventFiles.size())));
            }
        }
        return state.eventFiles.get(index);
    }

    /** The checksum a document other than a batch ends with (little-endian, as written). */
    private static int trailer(byte[] bytes, int length) {
        int value = 0;
        for (int at = length - 1; at >= length - CHECKSUM_BYTES; at--) {
            value = value << 8 | (bytes[at] & 0xFF); // the last byte is the most significant
        }
        return value;
    }

    private void scan(DocumentSource source) {
        reading = source;
        ByteCursor in = new ByteCursor();
        while (source.next()) {
            byte[] bytes = source.bytes();
            int length = source.length();
            counted(source);
            if (length > 0 && bytes[0] == DOC_BATCH) {
                scanBatch(source, bytes, length);
                continue;
            }
            if (!checksums.trailerMatches(bytes, length)) {
                throw new ByteCursor.MalformedRecordException("a document of " + length + " bytes that does not match its CRC32C checksum");
            }
            marked(source, trailer(bytes, length));
            Dictionaries dictionaries = state.dictionaries;
            in.reset(bytes, 0, length - CHECKSUM_BYTES);
            switch ((byte) in.readByte()) {
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
                case DOC_CONSTANT -> {
                    int id = in.readInt();
                    Dictionaries.add(dictionaries.constants, id, new ConstantInfo(id, in.readInt(), in.readString()), "enum constant");
                }
                case DOC_TEXT -> dictionaries.texts.put(in.readVarint(), in.readString());
                case DOC_EVENT_TYPE -> Dictionaries.add(dictionaries.eventTypes, in.readInt(), in.readString(), "user event");
                case DOC_EVENT_COLUMN -> {
                    int id = in.readInt();
                    int eventType = in.readInt();
                    if (eventType < 1 || eventType > dictionaries.eventTypes.size()) {
                        throw new ByteCursor.MalformedRecordException("a column of user event id " + eventType
                                + ", which the recording never named");
                    }
                    String name = in.readString();
                    int type = in.readInt();
                    if (type < COLUMN_LONG || type > COLUMN_STRING) {
                        throw new ByteCursor.MalformedRecordException("user event column " + name + " of unknown type " + type);
                    }
                    Dictionaries.add(dictionaries.eventColumns, id, new UserEventColumn(id, eventType, name, type), "user event column");
                }
                case DOC_EVENT_STRING -> Dictionaries.add(dictionaries.eventStrings, in.readInt(), in.readString(), "user event string");
                case DOC_LOSS -> addLoss(in.readInt(), lossCauseName(in.readInt()), in.readVarint());
                case DOC_WINDOW -> state.window = new RecordingWindow(in.readVarint(), in.readVarint());
                case DOC_END -> state.end = new RecordingEnd(in.readVarint(), in.readVarint(), in.readVarint(), in.readInt());
                case DOC_WARNING -> {
                    in.readVarint();
                    state.warnings.add(in.readString());
                }
                case DOC_WEAVING -> state.weaving = readWeaving(in);
                case DOC_CALIBRATION -> state.calibration = new Calibration(in.readVarint() / 1000.0, in.readVarint() / 1000.0,
                        in.readVarint() / 1000.0, in.readVarint(), in.readVarint());
                case DOC_COLLECTION -> state.collections.add(new ReportedCollection(in.readVarint(), in.readString(),
                        in.readString(), in.readString(), in.readVarint(), in.readVarint(), in.readVarint(),
                        Varint.unzigzag(in.readVarint()), Varint.unzigzag(in.readVarint())));
                case DOC_DEATHS_RECORDED -> state.deathsRecorded.add(new DeathsRecorded(in.readVarint(), in.readVarint()));
                case DOC_UNWOVEN -> {
                    String reason = in.readString();
                    for (long count = in.readVarint(); count > 0; count--) {
                        state.unwovenClasses.add(new UnwovenClass(in.readString(), reason));
                    }
                }
                default -> throw new ByteCursor.MalformedRecordException("unknown document kind " + bytes[0]);
            }
        }
    }

    /** A batch counts towards the totals; its events are decoded only when asked for (EventReader). */
    private void scanBatch(DocumentSource source, byte[] bytes, int length) {
        batch.read(bytes, length);
        if (!batch.checksumMatches(bytes, length)) {
            throw new ByteCursor.MalformedRecordException("a batch of " + length + " bytes that does not match its CRC32C checksum");
        }
        marked(source, batch.checksum(bytes));
        state.eventCount += batch.eventCount();
        state.threadLastNanos.merge(batch.threadId(), batch.lastNanos(), Math::max);
        state.lastEventNanos = Math.max(state.lastEventNanos, batch.lastNanos());
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
        boolean countsMethods = in.hasMore(); // a recorder that counted methods wrote them after the reasons
        long methodsSeen = countsMethods ? in.readVarint() : -1;
        long methodsLeftUnwoven = countsMethods ? in.readVarint() : -1;
        return new WeavingSummary(woven, unchanged, fromCache, generated, leftUnwoven, methodsSeen, methodsLeftUnwoven);
    }

    /** A window writes a loss record per thread for each part it drops: one {@link Loss} per thread and cause adds them up. */
    private void addLoss(int threadId, String cause, long count) {
        List<Loss> losses = state.losses;
        for (int at = 0; at < losses.size(); at++) {
            Loss loss = losses.get(at);
            if (loss.threadId() == threadId && loss.cause().equals(cause)) {
                losses.set(at, new Loss(threadId, cause, loss.events() + count));
                return;
            }
        }
        losses.add(new Loss(threadId, cause, count)); // few: a loss record per thread and cause, or per window part
    }
}
