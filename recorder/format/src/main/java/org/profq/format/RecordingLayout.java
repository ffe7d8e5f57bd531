package org.profq.format;

import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where things live inside a recording directory (DESIGN.md, "The recording"): its own JVM's
 * {@code events/} and {@code index/}, and when several JVMs of a program recorded into it, the
 * later ones' recordings under {@code jvms/} ({@code jvms/jvm2.profq}, {@code jvms/jvm3.profq},
 * ...), each a whole recording of the same layout. Readers of one recording look only at its
 * own {@code events/} and {@code index/}, so the JVMs never see each other's events.
 */
public final class RecordingLayout {
    /** The suffix of a recording directory's name. */
    public static final String SUFFIX = ".profq";
    public static final String EVENTS = "events";
    public static final String INDEX = "index";
    public static final String JVMS = "jvms";
    /** The agent's own files for this JVM: the weaver's configuration, the JIT directive while it is read. */
    public static final String WEAVING = "weaving";

    private static final Pattern JVM_RECORDING = Pattern.compile("jvm([1-9][0-9]{0,8})" + Pattern.quote(SUFFIX));

    public static Path eventsDirectory(Path recording) {
        return recording.resolve(EVENTS);
    }

    public static Path weavingDirectory(Path recording) {
        return recording.resolve(WEAVING);
    }

    /**
     * A recording with a window keeps its header, names, losses and end here, never deleted,
     * and only batches in {@code events/}; a recording without one has no {@code names/}.
     */
    public static Path namesDirectory(Path recording) {
        return recording.resolve("names");
    }

    public static Path indexDirectory(Path recording) {
        return recording.resolve(INDEX);
    }

    /**
     * True for a name that belongs in a recording directory: a JVM's log, the JVMs after it, the
     * agent's weaving files, and the query index, including the {@code index.building-*} and {@code index.old-*} directories
     * a query engine makes while it builds or replaces the index.
     */
    public static boolean isRecordingEntry(String name) {
        return name.equals(EVENTS) || name.equals(JVMS) || name.equals(WEAVING) || name.equals(INDEX) || name.startsWith(INDEX + ".");
    }

    /** Where the JVMs after the first put their recordings. */
    public static Path jvmsDirectory(Path recording) {
        return recording.resolve(JVMS);
    }

    /** The recording of the {@code number}th JVM (2 or more) that recorded into {@code recording}. */
    public static Path jvmRecording(Path recording, int number) {
        return jvmsDirectory(recording).resolve("jvm" + number + SUFFIX);
    }

    /** The JVM number of a {@code jvms/} entry named as {@link #jvmRecording} names it; empty for any other name. */
    public static OptionalInt jvmNumber(Path jvmRecording) {
        Matcher name = JVM_RECORDING.matcher(jvmRecording.getFileName().toString());
        return name.matches() ? OptionalInt.of(Integer.parseInt(name.group(1))) : OptionalInt.empty();
    }

    private RecordingLayout() {
    }
}
