package org.profq.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import org.profq.cli.export.DuckDbPartWriter;
import org.profq.cli.export.ExportDataset;
import org.profq.cli.export.ExportFormat;
import org.profq.cli.export.Partition;
import org.profq.cli.export.RecordingId;
import org.profq.cli.export.CallTimeline;
import org.profq.cli.export.OtlpExport;
import org.profq.cli.export.PerfettoExport;
import org.profq.cli.export.PprofExport;
import org.profq.cli.export.SpeedscopeExport;
import org.profq.cli.export.Written;
import org.profq.cli.sql.SqlErrors;
import org.profq.engine.api.ColumnBlocks;
import org.profq.engine.api.RelationDoc;
import org.profq.engine.api.Relations;
import org.profq.engine.api.UserEventTables;
import org.profq.engine.jdbc.ConnectString;
import org.profq.engine.report.ReportNeeds;
import org.profq.recording.RecordedEvents;
import org.profq.recording.RecordingException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq export REC... -o DIR}: every table of each recording (and with {@code --views}
 * every profile view's result) as Parquet or CSV files under DIR in the Hive layout,
 * {@code <table>/recording=<id>/part-00000.parquet}, so that the exports of many recordings
 * make one dataset that DuckDB, Spark or any Parquet reader queries across recordings. The
 * rows stream from the query engine through DuckDB's writer a part at a time; see
 * {@link ExportDataset} for what may be exported into DIR, {@link RecordingId} for the
 * {@code recording} column.
 */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Writes recordings' tables as Parquet (or CSV) files, one dataset for many recordings.",
        customSynopsis = {"profq export RECORDING... -o DIR [--tables=TABLE,...] [--views] [--format=parquet|csv]",
                "profq export RECORDING --format=perfetto|speedscope -o FILE [--from-ns=T] [--to-ns=T] [--min-duration-ns=D]",
                "            [--threads=NAME,...] [--root=GLOB] [--events=allocations,throws,deaths (perfetto)]",
                "profq export RECORDING --format=pprof -o FILE.pb.gz",
                "profq export RECORDING --format=otlp -o FILE.otlp"},
        description = {"%nLayout: DIR/<table>/recording=<id>/part-00000.parquet (Hive style: readers see a recording column);"
                + " id is the run's UTC start, pid and host, the same at every export of a recording. A recording exported"
                + " again replaces its rows. DIR must be new, empty, or an export of the same format (its _profq_dataset file"
                + " says so). Files are written under temporary names and renamed when whole.%n",
                "%n--format=perfetto (a Perfetto trace) and --format=speedscope (a speedscope file) write one recording's"
                        + " calls as a timeline per thread, each call a slice from its start to its end (the clock's own times, in"
                        + " nanoseconds); --from-ns, --to-ns, --min-duration-ns and --threads keep the calls that overlap a time"
                        + " range, last long enough, or ran on those threads, with their callers; --root keeps the calls made inside"
                        + " a call of a method whose signature matches the glob, with their callers. --events draws allocations,"
                        + " throws and deaths as instants in the Perfetto trace, with a flow from each allocation to its object's death.%n",
                "%n--format=pprof writes one recording's profile as a pprof file: a sample per calling context with its calls,"
                        + " self time, self CPU time, and objects and bytes allocated there.%n",
                "%n--format=otlp writes the same profile in OpenTelemetry's profiles data model (an OTLP"
                        + " ExportProfilesServiceRequest in protobuf), a profile per value, for an OpenTelemetry collector.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:a recording or a file could not be read or written", "2:usage error (no recording there, DIR holds another dataset)"})
public final class ExportCommand implements Callable<Integer> {
    /** The fixed table after which a recording's user event tables are exported by default: the tables come before the views. */
    private static final String LAST_FIXED_TABLE = Relations.tables().get(Relations.tables().size() - 1).name();

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDING", arity = "1..*", description = "Recording directories; each JVM of a group is exported as a recording of its own.")
    List<String> recordings;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true,
            description = "The dataset directory: new, empty, or a profq export (for speedscope, the file).")
    Path output;

    @Option(names = "--tables", paramLabel = "TABLE", split = ",", description = "Only these tables, user event tables (event_<name>) too (default: every table, with each recording's user event tables).")
    List<String> tables;

    @Option(names = "--views", description = "Also each profile view's result (heap_by_method, ...), as a table of that name.")
    boolean views;

    @Option(names = "--format", paramLabel = "FORMAT", description = "parquet (default), csv, perfetto, speedscope, pprof or otlp.")
    String format = "parquet";

    @Option(names = "--from-ns", paramLabel = "T", description = "perfetto, speedscope: calls that end at or after T (the calls table's time axis).")
    Long fromNanos;

    @Option(names = "--to-ns", paramLabel = "T", description = "perfetto, speedscope: calls that start at or before T.")
    Long toNanos;

    @Option(names = "--min-duration-ns", paramLabel = "D", description = "perfetto, speedscope: calls that last at least D ns.")
    Long minDurationNanos;

    @Option(names = "--threads", paramLabel = "NAME", split = ",", description = "perfetto, speedscope: calls of these threads (by name).")
    List<String> threadNames;

    @Option(names = "--root", paramLabel = "GLOB", description = "perfetto, speedscope: calls made inside a call of a method whose signature"
            + " matches GLOB (* any text, ? one character; e.g. '*Parser.parse(*'), and their callers.")
    String root;

    @Option(names = "--events", paramLabel = "KIND", split = ",", description = "perfetto: also allocations, throws and deaths"
            + " (deaths with allocations), as instants on the threads' tracks and a track of deaths.")
    List<String> eventKinds;

    @Override
    public Integer call() {
        String fileFormat = format.strip().toLowerCase(Locale.ROOT);
        if (List.of("speedscope", "perfetto", "pprof", "otlp").contains(fileFormat)) {
            return oneFile(fileFormat);
        }
        if (windowGiven()) {
            throw new ParameterException(spec.commandLine(), "--from-ns, --to-ns, --min-duration-ns, --threads and --root go with"
                    + " --format=perfetto or --format=speedscope.");
        }
        if (eventKinds != null) {
            throw new ParameterException(spec.commandLine(), "--events goes with --format=perfetto.");
        }
        ExportFormat chosenFormat = chosenFormat();
        List<String> relations = relations();
        for (String recording : recordings) {
            RecordingConnections.of(spec, List.of(recording)); // every one named before anything is written
        }
        checkUserEventTablesNamed(relations);
        ExportDataset dataset;
        try {
            dataset = ExportDataset.open(output, chosenFormat);
        } catch (ExportDataset.Refused refused) {
            throw new ParameterException(spec.commandLine(), refused.getMessage());
        } catch (UncheckedIOException e) {
            throw new CommandFailure(e.getMessage() + " (" + e.getCause().getMessage() + ").", e);
        }
        long started = System.nanoTime();
        long rows = 0;
        int exported = 0;
        int tablesWritten = 0;
        try (DuckDbPartWriter writer = new DuckDbPartWriter(chosenFormat, scratch())) {
            for (String recording : recordings) {
                try (Connection connection = RecordingConnections.connect(spec, List.of(recording))) {
                    for (String schema : ConnectString.schemasOf(Path.of(recording)).keySet()) {
                        List<String> written = relationsOf(connection, schema, relations);
                        rows += export(connection, schema, recording, written, dataset, writer);
                        tablesWritten += written.size();
                        exported++;
                    }
                }
            }
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the export failed", e), e);
        } catch (IOException e) {
            throw new CommandFailure("the export failed: cannot write " + output + " (" + e + ").", e);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "exported %d rows of %d recording%s (%d tables%s) to %s as %s in %.1f s (%.0f rows/s; %.1f s of CPU)%n",
                rows, exported, exported == 1 ? "" : "s", tablesWritten, exported == 1 ? "" : " in all", output, chosenFormat, seconds,
                rows / Math.max(seconds, 1e-9), processCpuSeconds());
        return 0;
    }

    /** Whether a timeline's window was asked for (--from-ns, --to-ns, --min-duration-ns or --threads). */
    private boolean windowGiven() {
        return fromNanos != null || toNanos != null || minDurationNanos != null || threadNames != null || root != null;
    }

    /** One recording as a timeline or profile file at {@code output}, written under a temporary name and renamed when whole. */
    private int oneFile(String fileFormat) {
        if (recordings.size() != 1 || tables != null || views) {
            throw new ParameterException(spec.commandLine(), "--format=" + fileFormat + " writes one recording's calls to one file:"
                    + " name one recording, without --tables or --views.");
        }
        boolean profile = fileFormat.equals("pprof") || fileFormat.equals("otlp");
        if (profile && windowGiven()) {
            throw new ParameterException(spec.commandLine(), "--format=" + fileFormat + " writes the whole profile: --from-ns, --to-ns,"
                    + " --min-duration-ns, --threads and --root go with --format=perfetto or --format=speedscope.");
        }
        if (eventKinds != null && !fileFormat.equals("perfetto")) {
            throw new ParameterException(spec.commandLine(), "--events goes with --format=perfetto.");
        }
        if (eventKinds != null) {
            try {
                PerfettoExport.checkEventKinds(eventKinds);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        CallTimeline.Window window = new CallTimeline.Window(fromNanos == null ? Long.MIN_VALUE : fromNanos,
                toNanos == null ? Long.MAX_VALUE : toNanos, minDurationNanos == null ? 0 : minDurationNanos,
                threadNames == null ? List.of() : threadNames, root);
        String recording = recordings.get(0);
        Path file = output.toAbsolutePath();
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (Connection connection = RecordingConnections.connect(spec, List.of(recording));
             OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial))) {
            String what;
            if (profile) {
                int contexts = fileFormat.equals("pprof") ? PprofExport.write(connection, out) : OtlpExport.write(connection, out);
                what = contexts + " calling context" + (contexts == 1 ? "" : "s");
            } else {
                Written written = fileFormat.equals("perfetto")
                        ? PerfettoExport.write(connection, window, eventKinds == null ? List.of() : eventKinds, out)
                        : SpeedscopeExport.write(connection, window, Path.of(recording).getFileName().toString(), out);
                what = written.calls() + " calls of " + written.threads() + " thread" + (written.threads() == 1 ? "" : "s");
            }
            out.close();
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            System.out.printf(Locale.ROOT, "exported %s to %s as %s%n", what, output, fileFormat);
            return 0;
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the export failed", e), e);
        } catch (IOException e) {
            throw new CommandFailure("the export failed: cannot write " + output + " (" + e.getMessage() + ").", e);
        } catch (OutOfMemoryError e) {
            long heapMegabytes = Runtime.getRuntime().maxMemory() >> 20;
            throw new CommandFailure("the export ran out of memory: the calls it keeps are held to be put in order, more than profq's"
                    + " heap of " + heapMegabytes + " MB holds; keep fewer (--from-ns and --to-ns, --threads, --min-duration-ns, --root)"
                    + " or give profq more heap with PROFQ_JAVA_OPTS=-Xmx" + Math.max(1, heapMegabytes * 4 / 1024) + "g.", e);
        } finally {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                // the partial file's name says what it is
            }
        }
    }

    /** Exports every relation of one recording (one schema of the connection); returns the rows written. */
    private static long export(Connection connection, String schema, String recording, List<String> relations,
                               ExportDataset dataset, DuckDbPartWriter writer) throws SQLException, IOException {
        String id = RecordingId.of(connection, schema);
        RecordedEvents recorded = recordedEvents(connection, schema);
        long rows = 0;
        for (String relation : relations) {
            // A table (or view) over events the recording left out refuses to be read: it is exported with no rows.
            boolean recordedHere = ReportNeeds.readBy(List.of(relation)).stream()
                    .allMatch(need -> need.equals(ReportNeeds.VALUES) || recorded.has(need));
            // An indexed table goes to the writer a block of columns at a time; the others row by row, through JDBC.
            Optional<ColumnBlocks> blocks = recordedHere ? ColumnBlocks.of(connection, schema, relation) : Optional.empty();
            String from = "\"" + schema + "\"." + relation + (recordedHere ? "" : " WHERE FALSE");
            long expected = blocks.isPresent() ? blocks.get().rows() : ExportProgressBar.wanted() && recordedHere ? count(connection, from) : 0;
            try (ExportProgressBar bar = ExportProgressBar.start("exporting " + relation + " of " + recording, expected);
                 Partition partition = dataset.partition(relation, id)) {
                if (blocks.isPresent()) {
                    rows += writer.write(blocks.get(), partition, bar.rowsWritten());
                } else {
                    try (Statement statement = connection.createStatement();
                         ResultSet result = statement.executeQuery("SELECT * FROM " + from)) {
                        rows += writer.write(result, partition, bar.rowsWritten());
                    }
                }
                partition.commit();
            }
        }
        return rows;
    }

    private static RecordedEvents recordedEvents(Connection connection, String schema) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet run = statement.executeQuery("SELECT options FROM \"" + schema + "\".run")) {
            return RecordedEvents.of(run.next() ? run.getString(1) : "");
        }
    }

    private static long count(Connection connection, String from) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + from)) {
            count.next();
            return count.getLong(1);
        }
    }

    /**
     * What is exported of one recording ({@code schema}): {@code relations}, of which only the user
     * event tables the recording has (another recording of the export may have the others); and
     * when no tables were named, every user event table it has, after the fixed tables and before the views.
     */
    private List<String> relationsOf(Connection connection, String schema, List<String> relations) throws SQLException {
        Set<String> userEvents = UserEventTables.of(connection, schema);
        List<String> chosen = new ArrayList<>();
        for (String relation : relations) {
            if (!UserEventTables.isUserEventTable(relation) || userEvents.contains(relation)) {
                chosen.add(relation);
            }
            if (relation.equals(LAST_FIXED_TABLE) && (tables == null || tables.isEmpty())) {
                chosen.addAll(userEvents);
            }
        }
        return chosen;
    }

    /** A user event table named in --tables must be in one of the recordings at least: said before anything is written. */
    private void checkUserEventTablesNamed(List<String> relations) {
        List<String> named = relations.stream().filter(UserEventTables::isUserEventTable).toList();
        if (named.isEmpty()) {
            return;
        }
        Set<String> recorded;
        try {
            recorded = UserEventTables.in(recordings);
        } catch (RecordingException e) {
            throw new CommandFailure(e.getMessage(), e);
        }
        for (String table : named) {
            if (!recorded.contains(table)) {
                throw new ParameterException(spec.commandLine(), "no recording has the table '" + table + "'; "
                        + (recorded.isEmpty() ? "they have no user events (Profq.event)." : "their user event tables are "
                        + String.join(", ", recorded) + "."));
            }
        }
    }

    /** The tables asked for (every table by default), then the views with --views. */
    private List<String> relations() {
        Set<String> chosen = new LinkedHashSet<>();
        if (tables == null || tables.isEmpty()) {
            Relations.tables().forEach(table -> chosen.add(table.name()));
        } else {
            for (String name : tables) {
                if (UserEventTables.isUserEventTable(name.strip().toLowerCase(Locale.ROOT))) {
                    chosen.add(name.strip().toLowerCase(Locale.ROOT)); // checked against the recordings' user events
                    continue;
                }
                String table = Relations.find(name.strip()).map(RelationDoc::name).orElse(null);
                if (table == null) {
                    throw new ParameterException(spec.commandLine(), "there is no table or view '" + name + "'; the tables are "
                            + String.join(", ", Relations.tables().stream().map(RelationDoc::name).toList())
                            + ", the views " + String.join(", ", Relations.viewNames()) + ".");
                }
                chosen.add(table);
            }
        }
        if (views) {
            chosen.addAll(Relations.viewNames());
        }
        return new ArrayList<>(chosen);
    }

    private ExportFormat chosenFormat() {
        try {
            return ExportFormat.named(format);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The CPU time this JVM has used, all threads: on a shared machine, a measure of the work that the wall time is not. */
    private static double processCpuSeconds() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() / 1e9 : Double.NaN;
    }

    /** Where DuckDB may spill a part that outgrows its memory limit: the system's temporary directory. */
    private static Path scratch() {
        return Path.of(System.getProperty("java.io.tmpdir"), "profq-export-" + ProcessHandle.current().pid());
    }
}
