package org.profq.recording;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * Everything a {@link LogScan} found in the log, and where in the log it stopped: the object the
 * scan fills as it reads (it keeps nothing else), so that all of it can be kept ({@link #toBytes})
 * and taken up again ({@link #fromBytes}) by a later scan that reads on from there instead of from
 * the log's start: a refresh in this process ({@link #copy}, which goes through the same bytes), or
 * a new process opening the same recording with the state its index kept.
 *
 * <p>Where it stopped is said so that a later process can tell whether the log is still the one
 * scanned, grown perhaps (see {@link LogScan#resumedFrom}): the header's checksum (which run), every
 * file of {@code events/} read, in order, with the position, length and checksum of the last
 * document read in it, and the file and offset of the next document.
 *
 * <p>A field added here must be written by {@link #write} and read by {@link #read}
 * ({@code LogScanStateTest} lists them all and fails until it is), and {@link #VERSION} bumped,
 * so that states kept by an older profq are ignored.
 */
final class LogScanState {
    /** Bump when what {@link #write} writes changes, or the records it holds do. */
    static final int VERSION = 5;
    private static final int MAGIC = 0x70717331; // "pqs1"

    final Dictionaries dictionaries = new Dictionaries();
    final List<Loss> losses = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    final List<UnwovenClass> unwovenClasses = new ArrayList<>();
    /** The garbage collections the JVM reported (format 2.9, with deaths), in the order reported. */
    final List<ReportedCollection> collections = new ArrayList<>();
    /** The recorder's statements that the collections' deaths were recorded (format 2.10), in the order written. */
    final List<DeathsRecorded> deathsRecorded = new ArrayList<>();
    /** The last event's time of each thread, by thread id: {@link ThreadInfo#lastNanos}. */
    final Map<Integer, Long> threadLastNanos = new HashMap<>();
    RecordingEnd end;
    WeavingSummary weaving;
    /** What the advice costs on the recording JVM, from its calibration document (format 2.8), or null. */
    Calibration calibration;
    RecordingWindow window;
    /** Documents read from {@code events/}: what an {@link EventReader} reads up to. */
    long documentCount;
    long namesDocumentCount;
    long eventCount;
    long logBytes;
    long lastEventNanos;
    /** The checksum the header document ends with: which run's log this is. */
    int headerChecksum;
    /** Each file of {@code events/} read, in the queue's order, with the last document read in it. */
    final List<FileMark> eventFiles = new ArrayList<>();
    /** The file of {@code events/} the next document is read from ("" before the first), and its offset there. */
    String nextFile = "";
    long nextOffset;

    /** A file of {@code events/} as the scan left it: the last document it read there, if any. */
    static final class FileMark {
        final String name;
        /** The offset of that document's length word; -1 when no document was read in the file. */
        long documentAt = -1;
        int documentLength;
        /** The checksum the document holds (a batch's in its header, any other's at its end). */
        int documentChecksum;

        FileMark(String name) {
            this.name = name;
        }
    }

    /** A state of its own with everything this one holds, made through {@link #toBytes}, so that nothing is copied that is not kept. */
    LogScanState copy() {
        return fromBytes(toBytes());
    }

    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        int checksum = (int) crc.getValue();
        for (int shift = 24; shift >= 0; shift -= 8) {
            bytes.write(checksum >>> shift);
        }
        return bytes.toByteArray();
    }

    /**
     * The state {@link #toBytes} gave; a {@link RecordingException} for anything else: bytes that do
     * not match their checksum, of another {@link #VERSION}, or that do not read as a state.
     */
    static LogScanState fromBytes(byte[] bytes) {
        if (bytes.length < 12) {
            throw new RecordingException("a damaged scan state: " + bytes.length + " bytes");
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        int stored = 0;
        for (int at = bytes.length - 4; at < bytes.length; at++) {
            stored = stored << 8 | (bytes[at] & 0xFF);
        }
        if ((int) crc.getValue() != stored) {
            throw new RecordingException("a damaged scan state: it does not match its CRC32C checksum");
        }
        Input in = new Input(bytes, bytes.length - 4);
        try {
            if (in.readInt() != MAGIC) {
                throw new RecordingException("not a profq scan state");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new RecordingException("a scan state of version " + version + " (this reader keeps " + VERSION + ")");
            }
            LogScanState state = new LogScanState();
            state.read(in);
            if (in.available() != 0) {
                throw new RecordingException("a damaged scan state: " + in.available() + " bytes after its end");
            }
            return state;
        } catch (IOException | RuntimeException e) {
            if (e instanceof RecordingException known) {
                throw known;
            }
            throw new RecordingException("a damaged scan state: " + e, e);
        }
    }

    private void write(DataOutputStream out) throws IOException {
        Dictionaries names = dictionaries;
        out.writeInt(names.classes.size());
        for (ClassInfo c : names.classes) {
            writeString(out, c.name());
        }
        out.writeInt(names.methods.size());
        for (MethodInfo m : names.methods) {
            out.writeInt(m.classId());
            writeString(out, m.name());
            writeString(out, m.descriptor());
            out.writeInt(m.modifiers());
            writeString(out, m.sourceFile());
            out.writeInt(m.line());
        }
        out.writeInt(names.sites.size());
        for (SiteInfo s : names.sites) {
            out.writeInt(s.methodId());
            out.writeInt(s.line());
            out.writeInt(s.classId());
            out.writeBoolean(s.isArray());
            out.writeLong(s.instanceSize());
        }
        out.writeInt(names.threads.size());
        for (ThreadInfo t : names.threads) {
            out.writeLong(t.javaThreadId());
            writeString(out, t.name());
            out.writeBoolean(t.daemon());
            out.writeLong(t.firstNanos());
            out.writeLong(t.lastNanos());
        }
        out.writeInt(names.fields.size());
        for (FieldInfo f : names.fields) {
            out.writeInt(f.classId());
            writeString(out, f.name());
            writeString(out, f.type());
        }
        out.writeInt(names.constants.size());
        for (ConstantInfo c : names.constants) {
            out.writeInt(c.classId());
            writeString(out, c.name());
        }
        writeStrings(out, names.eventTypes);
        out.writeInt(names.eventColumns.size());
        for (UserEventColumn c : names.eventColumns) {
            out.writeInt(c.eventTypeId());
            writeString(out, c.name());
            out.writeInt(c.type());
        }
        writeStrings(out, names.eventStrings);
        out.writeInt(names.texts.size());
        for (Map.Entry<Long, String> text : names.texts.entrySet()) {
            out.writeLong(text.getKey());
            writeString(out, text.getValue());
        }
        out.writeInt(losses.size());
        for (Loss loss : losses) {
            out.writeInt(loss.threadId());
            writeString(out, loss.cause());
            out.writeLong(loss.events());
        }
        writeStrings(out, warnings);
        out.writeInt(unwovenClasses.size());
        for (UnwovenClass unwoven : unwovenClasses) {
            writeString(out, unwoven.name());
            writeString(out, unwoven.reason());
        }
        out.writeInt(collections.size());
        for (ReportedCollection collection : collections) {
            out.writeLong(collection.gcId());
            writeString(out, collection.collector());
            writeString(out, collection.action());
            writeString(out, collection.cause());
            out.writeLong(collection.startMillis());
            out.writeLong(collection.endMillis());
            out.writeLong(collection.arrivalNanos());
            out.writeLong(collection.baseLowNanos());
            out.writeLong(collection.baseHighNanos());
        }
        out.writeInt(deathsRecorded.size());
        for (DeathsRecorded statement : deathsRecorded) {
            out.writeLong(statement.recordedByNanos());
            out.writeLong(statement.reportsThroughNanos());
        }
        out.writeInt(threadLastNanos.size());
        for (Map.Entry<Integer, Long> thread : threadLastNanos.entrySet()) {
            out.writeInt(thread.getKey());
            out.writeLong(thread.getValue());
        }
        out.writeBoolean(end != null);
        if (end != null) {
            out.writeLong(end.endNanos());
            out.writeLong(end.eventsWritten());
            out.writeLong(end.eventsLost());
            out.writeInt(end.threadsStillRunning());
        }
        out.writeBoolean(weaving != null);
        if (weaving != null) {
            out.writeLong(weaving.woven());
            out.writeLong(weaving.unchanged());
            out.writeLong(weaving.fromCache());
            out.writeLong(weaving.generated());
            out.writeInt(weaving.leftUnwovenByReason().size());
            for (Map.Entry<String, Long> reason : weaving.leftUnwovenByReason().entrySet()) {
                writeString(out, reason.getKey());
                out.writeLong(reason.getValue());
            }
            out.writeLong(weaving.methodsSeen());
            out.writeLong(weaving.methodsLeftUnwoven());
        }
        out.writeBoolean(calibration != null);
        if (calibration != null) {
            out.writeDouble(calibration.callCostNanos());
            out.writeDouble(calibration.callInsideNanos());
            out.writeDouble(calibration.allocationCostNanos());
            out.writeLong(calibration.cpuReadNanos());
            out.writeLong(calibration.cpuPeriodNanos());
        }
        out.writeBoolean(window != null);
        if (window != null) {
            out.writeLong(window.startNanos());
            out.writeLong(window.eventsDropped());
        }
        out.writeLong(documentCount);
        out.writeLong(namesDocumentCount);
        out.writeLong(eventCount);
        out.writeLong(logBytes);
        out.writeLong(lastEventNanos);
        out.writeInt(headerChecksum);
        out.writeInt(eventFiles.size());
        for (FileMark file : eventFiles) {
            writeString(out, file.name);
            out.writeLong(file.documentAt);
            out.writeInt(file.documentLength);
            out.writeInt(file.documentChecksum);
        }
        writeString(out, nextFile);
        out.writeLong(nextOffset);
    }

    private void read(Input in) throws IOException {
        Dictionaries names = dictionaries;
        for (int i = in.count(); i > 0; i--) {
            int id = names.classes.size() + 1;
            Dictionaries.add(names.classes, id, new ClassInfo(id, in.string()), "class");
        }
        for (int i = in.count(); i > 0; i--) {
            int id = names.methods.size() + 1;
            Dictionaries.add(names.methods, id, new MethodInfo(id, in.readInt(), in.string(), in.string(), in.readInt(),
                    in.string(), in.readInt()), "method");
        }
        for (int i = in.count(); i > 0; i--) {
            int id = names.sites.size() + 1;
            Dictionaries.add(names.sites, id, new SiteInfo(id, in.readInt(), in.readInt(), in.readInt(), in.readBoolean(),
                    in.readLong()), "allocation site");
        }
        for (int i = in.count(); i > 0; i--) {
            int id = names.threads.size() + 1;
            Dictionaries.add(names.threads, id, new ThreadInfo(id, in.readLong(), in.string(), in.readBoolean(), in.readLong(),
                    in.readLong()), "thread");
        }
        for (int i = in.count(); i > 0; i--) {
            int id = names.fields.size() + 1;
            Dictionaries.add(names.fields, id, new FieldInfo(id, in.readInt(), in.string(), in.string()), "field");
        }
        for (int i = in.count(); i > 0; i--) {
            int id = names.constants.size() + 1;
            Dictionaries.add(names.constants, id, new ConstantInfo(id, in.readInt(), in.string()), "enum constant");
        }
        readStrings(in, names.eventTypes);
        for (int i = in.count(); i > 0; i--) {
            int id = names.eventColumns.size() + 1;
            Dictionaries.add(names.eventColumns, id, new UserEventColumn(id, in.readInt(), in.string(), in.readInt()), "user event column");
        }
        readStrings(in, names.eventStrings);
        for (int i = in.count(); i > 0; i--) {
            names.texts.put(in.readLong(), in.string());
        }
        for (int i = in.count(); i > 0; i--) {
            losses.add(new Loss(in.readInt(), in.string(), in.readLong()));
        }
        readStrings(in, warnings);
        for (int i = in.count(); i > 0; i--) {
            unwovenClasses.add(new UnwovenClass(in.string(), in.string()));
        }
        for (int i = in.count(); i > 0; i--) {
            collections.add(new ReportedCollection(in.readLong(), in.string(), in.string(), in.string(), in.readLong(),
                    in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        for (int i = in.count(); i > 0; i--) {
            deathsRecorded.add(new DeathsRecorded(in.readLong(), in.readLong()));
        }
        for (int i = in.count(); i > 0; i--) {
            threadLastNanos.put(in.readInt(), in.readLong());
        }
        if (in.readBoolean()) {
            end = new RecordingEnd(in.readLong(), in.readLong(), in.readLong(), in.readInt());
        }
        if (in.readBoolean()) {
            long woven = in.readLong();
            long unchanged = in.readLong();
            long fromCache = in.readLong();
            long generated = in.readLong();
            Map<String, Long> leftUnwoven = new TreeMap<>();
            for (int i = in.count(); i > 0; i--) {
                leftUnwoven.put(in.string(), in.readLong());
            }
            weaving = new WeavingSummary(woven, unchanged, fromCache, generated, leftUnwoven, in.readLong(), in.readLong());
        }
        if (in.readBoolean()) {
            calibration = new Calibration(in.readDouble(), in.readDouble(), in.readDouble(), in.readLong(), in.readLong());
        }
        if (in.readBoolean()) {
            window = new RecordingWindow(in.readLong(), in.readLong());
        }
        documentCount = in.readLong();
        namesDocumentCount = in.readLong();
        eventCount = in.readLong();
        logBytes = in.readLong();
        lastEventNanos = in.readLong();
        headerChecksum = in.readInt();
        for (int i = in.count(); i > 0; i--) {
            FileMark file = new FileMark(in.string());
            file.documentAt = in.readLong();
            file.documentLength = in.readInt();
            file.documentChecksum = in.readInt();
            eventFiles.add(file);
        }
        nextFile = in.string();
        nextOffset = in.readLong();
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String string : strings) {
            writeString(out, string);
        }
    }

    private static void readStrings(Input in, List<String> strings) throws IOException {
        for (int i = in.count(); i > 0; i--) {
            strings.add(in.string());
        }
    }

    /** Any length (writeUTF stops at 64 KB): the byte count, then UTF-8. */
    private static void writeString(DataOutputStream out, String string) throws IOException {
        byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    /** The bytes of a state, read with counts and lengths held to what is left, so damage never makes a huge allocation. */
    private static final class Input extends DataInputStream {
        Input(byte[] bytes, int length) {
            super(new ByteArrayInputStream(bytes, 0, length));
        }

        int count() throws IOException {
            int count = readInt();
            if (count < 0 || count > available()) {
                throw new IOException("a count of " + count + " with " + available() + " bytes left");
            }
            return count;
        }

        String string() throws IOException {
            byte[] utf8 = new byte[count()];
            readFully(utf8);
            return new String(utf8, StandardCharsets.UTF_8);
        }
    }
}
