package org.profq.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.profq.agent.AgentOptions.EventFamily;
import org.profq.engine.api.IndexState;
import org.profq.engine.api.Recordings;
import org.profq.engine.jdbc.ConnectString;
import org.profq.format.RecordingLayout;
import org.profq.recording.EventCounts;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;
import org.profq.recording.UnwovenClass;
import org.profq.recording.RunInfo;
import org.profq.recording.ThreadInfo;
import org.profq.recording.WeavingSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq info <recording>}: what a recording holds, read with {@link Recording}: the run
 * (program, JVM, start, duration, recorder options), its threads, events by kind, bytes per
 * event, losses, recorder warnings, and whether the query index has been built. It reads no more
 * of the log than was flushed after the scan state kept beside the index (and keeps the state of
 * its own scan there), and takes the events by kind from the index's counts
 * ({@link IndexState}), so it answers as fast on a large recording as on a small one. The same
 * figures are in the {@code run} and {@code threads} tables. When several JVMs of a program
 * recorded into the directory, all of the above is the first JVM's, and a {@code jvms} section
 * lists every JVM under its schema name in {@code profq sql}: main class and arguments, pid,
 * events, and the path of its own recording.
 */
@Command(name = "info",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        header = "Describes a recording: the run, its threads, event counts, losses and index.",
        description = {"%nWhen several JVMs of a program recorded into RECORDING (each later one in RECORDING/jvms/jvm<n>.profq),"
                + " the description is the first JVM's, and a jvms section lists every JVM: its schema name in profq sql,"
                + " main class, pid, events and recording.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the recording cannot be read", "2:usage error (no recording there)"})
public final class InfoCommand implements Callable<Integer> {
    /** How many unwoven classes profq info names; the table has them all. */
    private static final int UNWOVEN_SHOWN = 10;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDING", description = "The recording directory.")
    Path recording;

    @Override
    public Integer call() {
        if (!Files.isDirectory(recording)) {
            throw new ParameterException(spec.commandLine(), RecordingConnections.noRecordingAt(recording));
        }
        try (Recording opened = Recordings.open(recording)) {
            System.out.print(describe(recording, opened));
            Recordings.keepScan(opened);
            return 0;
        } catch (RecordingException e) {
            throw new CommandFailure(e.getMessage(), e);
        }
    }

    static String describe(Path directory, Recording recording) {
        RunInfo run = recording.run();
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("recording", directory.toString());
        lines.put("program", (run.mainClass() + " " + run.arguments()).strip());
        lines.put("jvm", run.jvm());
        lines.put("process", "pid " + run.pid() + " on " + run.host());
        lines.put("started", Instant.ofEpochSecond(0, run.startedAtEpochNanos()).toString());
        lines.put("duration", duration(recording.durationNanos())
                + (recording.end().isPresent() ? "" : " (ended abruptly: no end record, the program was killed)"));
        lines.put("recorder", "format " + run.formatMajor() + "." + run.formatMinor() + ", clock " + run.clock()
                + (run.tickNanos() > 0 ? " (tick " + duration(run.tickNanos()) + ")" : "")
                + (run.options().isBlank() ? "" : ", options " + run.options()));
        lines.put("threads", threads(recording.threads()));
        long events = recording.eventCount();
        IndexState index = Recordings.indexState(recording);
        lines.put("events", count(events) + " (" + eventsByKind(recording, index) + ")");
        lines.put("event kinds", families(run));
        RecordedFamilies.recordedFor(run.options()).ifPresent(reports -> lines.put("recorded for", reports));
        lines.put("log", count(recording.logBytes()) + " bytes"
                + (events > 0 ? String.format(Locale.ROOT, ", %.1f bytes/event", (double) recording.logBytes() / events) : ""));
        lines.put("log read", logRead(recording));
        lines.put("dictionaries", count(recording.classes().size()) + " classes, " + count(recording.methods().size())
                + " methods, " + count(recording.sites().size()) + " allocation sites");
        lines.put("events lost", RecordingSummary.eventsLost(recording));
        recording.window().ifPresentOrElse(
                window -> lines.put("window", "the run from " + duration(window.startNanos()) + " on; "
                        + window.eventsDropped() + " events before it dropped (in events lost)"),
                () -> {
                    if (Files.isDirectory(RecordingLayout.namesDirectory(directory))) {
                        lines.put("window", "the whole run (the window never filled)");
                    }
                });
        lines.put("classes", recording.weaving().map(InfoCommand::weaving)
                .orElse("unknown: the program was killed before the recorder wrote its weaving summary"));
        if (!recording.unwovenClasses().isEmpty()) {
            lines.put("unwoven", unwoven(recording.unwovenClasses()));
        }
        lines.put("warnings", recording.warnings().isEmpty() ? "none" : String.join("; ", recording.warnings()));
        lines.put("index", indexState(directory, index));
        Map<String, Path> jvms = ConnectString.schemasOf(directory);
        if (jvms.size() > 1) {
            lines.put("jvms", jvms.size() + " JVMs recorded here, in start order; each is a schema in profq sql");
            jvms.forEach((schema, jvmDirectory) -> lines.put("  " + schema,
                    schema.equals(ConnectString.DEFAULT_SCHEMA) ? jvmLine(recording, jvmDirectory) : jvmLine(jvmDirectory)));
        }
        StringBuilder out = new StringBuilder();
        lines.forEach((name, value) -> out.append(String.format(Locale.ROOT, "%-13s %s%n", name, value)));
        return out.toString();
    }

    /**
     * How much of the log opening the recording read, and why: only what was flushed after the
     * scan kept with its index, or all of it (no scan kept yet, a window, or a kept scan that is
     * not of the log as it is now, with the reason).
     */
    static String logRead(Recording recording) {
        String read = count(recording.logBytesScanned()) + " bytes on opening";
        if (recording.openedFromSavedScan()) {
            return read + ": the header and what was flushed after the scan of the log kept with its index";
        }
        Optional<String> setAside = recording.savedScanSetAside();
        if (setAside.isPresent()) {
            return read + ", all of the log: the scan of it kept with its index was set aside (" + setAside.get() + ")";
        }
        if (recording.savedScan().isEmpty()) {
            return read + ", all of the log: a recording with a window is read from its start every time";
        }
        return read + ", all of the log: no scan of it was kept yet (it is kept now, for the next process)";
    }

    /** One JVM of a group: what ran, its pid, its events and where its recording is. */
    private static String jvmLine(Path directory) {
        try (Recording recording = Recordings.open(directory)) {
            return jvmLine(recording, directory);
        } catch (RecordingException e) {
            return "cannot be read: " + e.getMessage();
        }
    }

    private static String jvmLine(Recording recording, Path directory) {
        RunInfo run = recording.run();
        return (run.mainClass() + " " + run.arguments()).strip() + ", pid " + run.pid() + ", "
                + recording.eventCount() + " events, " + directory;
    }

    /** The classes the weaver never saw (profq attach came after them): how many, and the first few. */
    private static String unwoven(List<UnwovenClass> classes) {
        Map<String, List<String>> byReason = new java.util.TreeMap<>();
        classes.forEach(type -> byReason.computeIfAbsent(type.reason(), reason -> new ArrayList<>()).add(type.name()));
        List<String> parts = new ArrayList<>();
        byReason.forEach((reason, names) -> parts.add(names.size() + " " + reason + ", not recorded: "
                + String.join(", ", names.subList(0, Math.min(UNWOVEN_SHOWN, names.size())))
                + (names.size() > UNWOVEN_SHOWN ? ", ..." : "")));
        return String.join("; ", parts) + " (SELECT * FROM unwoven_classes lists them)";
    }

    /** How the classes were woven; classes left unwoven mean the recording covers part of the program. */
    static String weaving(WeavingSummary weaving) {
        StringBuilder line = new StringBuilder()
                .append(weaving.woven()).append(" woven and ")
                .append(weaving.unchanged()).append(" with nothing to weave (")
                .append(weaving.fromCache()).append(" of them from the woven-class cache), ")
                .append(weaving.generated()).append(" JDK-generated left alone, ")
                .append(weaving.leftUnwoven()).append(" left unwoven");
        if (weaving.leftUnwoven() > 0) {
            List<String> reasons = new ArrayList<>();
            weaving.leftUnwovenByReason().forEach((reason, classes) -> reasons.add(classes + " " + reason));
            line.append(" (").append(String.join(", ", reasons)).append("): the recording covers part of the program");
        }
        if (weaving.countsMethods()) {
            line.append(String.format(Locale.ROOT, "; methods: %d left unwoven of %d seen (%.2f %%)", weaving.methodsLeftUnwoven(),
                    weaving.methodsSeen(), weaving.methodsLeftUnwovenPercent()));
        }
        return line.toString();
    }

    private static String threads(List<ThreadInfo> threads) {
        List<String> names = new ArrayList<>();
        for (ThreadInfo thread : threads) {
            names.add(thread.name() + (thread.daemon() ? " (daemon)" : ""));
        }
        return threads.size() + (names.isEmpty() ? "" : ": " + String.join(", ", names));
    }

    /**
     * Events of each kind the recording has: the five families' always, uses when recorded,
     * value profiles' (parameters, objects followed, the references they held then, writes to
     * them, reference fields read) when recorded (--values), user-defined events (Profq.event) when any.
     */
    /** A count as people read it: 1,876,234,091. */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /**
     * The events by kind, as the index counted them (and the log flushed after it, when that is
     * small); a sentence saying when they will be known when that would mean reading a large log.
     */
    private static String eventsByKind(Recording recording, IndexState index) {
        Optional<EventCounts> counted = index.eventCounts(KINDS_READ_AT_MOST_BYTES);
        if (counted.isEmpty()) {
            return "by kind: counted when the recording is indexed, by its first query";
        }
        long[] counts = new long[KINDS.length];
        for (EventCounts.Kind kind : EventCounts.Kind.values()) {
            counts[kind.ordinal()] = counted.get().of(kind);
        }
        boolean usesRecorded = RecordedFamilies.recorded(recording.run().options())
                .map(families -> families.contains(EventFamily.USES)).orElse(false);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < KINDS.length; i++) {
            boolean always = i < 5 || i == 5 && usesRecorded;
            if (always || counts[i] > 0) {
                parts.add(count(counts[i]) + " " + KINDS[i]);
            }
        }
        return String.join(", ", parts);
    }

    /**
     * Above this many bytes of the log not counted by the index, the events by kind are left to the
     * index rather than counted here: a few hundred milliseconds of decoding at most
     * ({@code -Dprofq.infoKindsReadAtMostBytes}: tests make it 0).
     */
    static final long KINDS_READ_AT_MOST_BYTES = Long.getLong("profq.infoKindsReadAtMostBytes", 16L << 20);

    /** The kinds {@link #eventsByKind} shows, in the order of {@link EventCounts.Kind}. */
    private static final String[] KINDS = {"call entries", "call exits", "allocations", "deaths", "exceptions", "uses",
            "parameters", "objects followed", "references held when followed", "writes to followed objects",
            "reference fields read", "CPU time readings", "user events"};

    /** The families recorded and those left out, from the recorder's options; "unknown" for a newer recorder's. */
    private static String families(RunInfo run) {
        return RecordedFamilies.describe(run.options())
                .orElse("unknown (options this profq does not know: " + run.options() + ")");
    }

    /** The index is derived from events/ on first query; deleting it is always safe. */
    private static String indexState(Path directory, IndexState coverage) {
        Path index = directory.resolve("index");
        if (!coverage.anyTable()) {
            return "not built (built on the first query)";
        }
        String covers = coverage.complete() ? "" : "; partly: " + coverage.tablesBuilt() + " of " + coverage.tables() + " tables"
                + (coverage.tablesBuilt() < coverage.tables() ? "" : ", the last " + count(coverage.logBytesLeft()) + " bytes of the log not indexed")
                + " (a query indexes what it reads)";
        try (Stream<Path> files = Files.walk(index)) {
            long bytes = files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
            return "built, " + bytes + " bytes in " + index + covers;
        } catch (IOException e) {
            return "present at " + index + " (unreadable: " + e.getMessage() + ")";
        }
    }

    static String duration(long nanos) {
        if (nanos < 1_000) {
            return nanos + " ns";
        }
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
