package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.profq.format.BatchHeader;
import org.profq.format.ByteCursor;
import org.profq.format.DocumentChecksums;

/**
 * One pass over a recording's log for everything but the events: the header, the names, the
 * losses, the window, the end record and the totals, every document's checksum verified.
 * Batches are read as far as their headers. A scan of a growing log can be continued from where
 * it stopped ({@link #LogScan(LogScan)}), so a refresh reads only what was flushed since.
 */
final class LogScan {
    /** The {@code events/} queue: with a window, its batches only. */
    private final DocumentSource events;
    /** With a window, the {@code names/} queue: the header and every other document; else null. */
    private final DocumentSource names;
    final Dictionaries dictionaries = new Dictionaries();
    private final DocumentChecksums checksums = new DocumentChecksums();
    private final BatchHeader batch = new BatchHeader();
    final List<Loss> losses = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    final List<UnwovenClass> unwovenClasses = new ArrayList<>();
    private final Map<String, Integer> lossIndex = new HashMap<>();
    private final Map<Integer, Long> threadLastNanos = new HashMap<>();
    RecordingEnd end;
    WeavingSummary weaving;
    Calibration calibration;
    RecordingWindow window;
    /** Documents read from {@code events/}: what an {@link EventReader} reads up to. */
    long documentCount;
    long namesDocumentCount;
    long eventCount;
    long logBytes;
    long lastEventNanos;
    /** The queue being read, for messages. */
    private DocumentSource reading;

    LogScan(DocumentSource events, DocumentSource names) {
        this.events = events;
        this.names = names;
        this.reading = events;
    }

    /** A scan that reads on from where {@code previous} stopped, knowing what it knew. */
    LogScan(LogScan previous) {
        this(previous.events, previous.names);
        dictionaries.addAll(previous.dictionaries);
        losses.addAll(previous.losses);
        warnings.addAll(previous.warnings);
        unwovenClasses.addAll(previous.unwovenClasses);
        lossIndex.putAll(previous.lossIndex);
        threadLastNanos.putAll(previous.threadLastNanos);
        end = previous.end;
        weaving = previous.weaving;
        calibration = previous.calibration;
        window = previous.window;
        documentCount = previous.documentCount;
        namesDocumentCount = previous.namesDocumentCount;
        eventCount = previous.eventCount;
        logBytes = previous.logBytes;
        lastEventNanos = previous.lastEventNanos;
    }

    /** The first document of {@code names/} with a window, else of {@code events/}. */
    RunInfo readHeader() {
        DocumentSource source = names != null ? names : events;
        reading = source;
        if (!source.next()) {
            throw new RecordingException(source.directory() + " holds no header: the recording is empty or was never started.");
        }
        counted(source);
        return HeaderDocument.read(source.bytes(), source.length(), source.fileName(), checksums);
    }

    /**
     * Reads on through both queues. Batches first: every name a batch read here refers to was
     * written before it, so it is in {@code names/} by the time that is read.
     */
    void scanAll() {
        scan(events);
        if (names != null) {
            scan(names);
        }
        dictionaries.threads.replaceAll(thread -> thread.withLastNanos(
                threadLastNanos.getOrDefault(thread.id(), thread.firstNanos())));
    }

    /**
     * What to throw for {@code failure}, met while scanning: damage named with its file and
     * document; a {@link RecordingException}, which names its file already, as it is.
     */
    RecordingException failure(RuntimeException failure) {
        String damagedAt = reading.fileName() + " is damaged at document "
                + (reading == names ? namesDocumentCount : documentCount) + ": ";
        if (failure instanceof ByteCursor.MalformedRecordException) {
            return new RecordingException(damagedAt + failure.getMessage(), failure);
        }
        if (failure instanceof RecordingException complete) {
            return complete;
        }
        return new RecordingException(damagedAt + failure, failure);
    }

    private void counted(DocumentSource source) {
        if (source == names) {
            namesDocumentCount++;
        } else {
            documentCount++;
        }
        logBytes += source.length() + 4L;
    }

    private void scan(DocumentSource source) {
        reading = source;
        ByteCursor in = new ByteCursor();
        while (source.next()) {
            counted(source);
            byte[] bytes = source.bytes();
            int length = source.length();
            if (length > 0 && bytes[0] == DOC_BATCH) {
                scanBatch(bytes, length);
                continue;
            }
            if (!checksums.trailerMatches(bytes, length)) {
                throw new ByteCursor.MalformedRecordException("a document of " + length + " bytes that does not match its CRC32C checksum");
            }
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
                case DOC_WINDOW -> window = new RecordingWindow(in.readVarint(), in.readVarint());
                case DOC_END -> end = new RecordingEnd(in.readVarint(), in.readVarint(), in.readVarint(), in.readInt());
                case DOC_WARNING -> {
                    in.readVarint();
                    warnings.add(in.readString());
                }
                case DOC_WEAVING -> weaving = readWeaving(in);
                case DOC_CALIBRATION -> calibration = new Calibration(in.readVarint() / 1000.0, in.readVarint() / 1000.0,
                        in.readVarint() / 1000.0, in.readVarint(), in.readVarint());
                case DOC_UNWOVEN -> {
                    String reason = in.readString();
                    for (long count = in.readVarint(); count > 0; count--) {
                        unwovenClasses.add(new UnwovenClass(in.readString(), reason));
                    }
                }
                default -> throw new ByteCursor.MalformedRecordException("unknown document kind " + bytes[0]);
            }
        }
    }

    /** A batch counts towards the totals; its events are decoded only when asked for (EventReader). */
    private void scanBatch(byte[] bytes, int length) {
        batch.read(bytes, length);
        if (!batch.checksumMatches(bytes, length)) {
            throw new ByteCursor.MalformedRecordException("a batch of " + length + " bytes that does not match its CRC32C checksum");
        }
        eventCount += batch.eventCount();
        threadLastNanos.merge(batch.threadId(), batch.lastNanos(), Math::max);
        lastEventNanos = Math.max(lastEventNanos, batch.lastNanos());
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
