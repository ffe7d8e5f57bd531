package org.profq.cli;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.profq.cli.flame.FlameGraph;
import org.profq.cli.sql.SqlErrors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq flame <recording>}: the calling-context tree as a flame graph, weighted by self
 * time, by calls or by allocated bytes: an interactive HTML page, or the folded-stack text
 * that flamegraph.pl, speedscope and async-profiler's converters read. Each weight is one
 * query over the {@code calls} table's {@code stack} column ({@code --show-sql} prints it).
 */
@Command(name = "flame",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Draws a recording's calling-context tree as a flame graph.",
        customSynopsis = {"profq flame RECORDING [-o FILE] [--format=html|collapsed] [--weight=time|cpu|wait|calls|bytes]",
                "profq flame --diff A=RECORDING B=RECORDING [-o FILE] [--format=html|collapsed] [--weight=...]"},
        description = {"%nWeights: time is each context's self time in ns (the flame view, compensated for profq's"
                + " overhead), cpu the part of it spent on a CPU, wait the part spent blocked, sleeping or waiting, calls"
                + " the number of calls that ended in that context, bytes what the context's last method allocated.",
                "%nWith --diff, two runs in one graph: each normalised to shares of its own total, a frame as wide as"
                        + " the mean of its two shares, red where the second run spends a larger share, blue a smaller;"
                        + " collapsed output has both weights per stack (difffolded.pl's input).%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the query or the file failed", "2:usage error"})
public final class FlameCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** What a frame's width measures, and the query that gives every stack's weight. */
    enum Weight {
        TIME("ns", "SELECT stack, self_ns FROM flame WHERE self_ns > 0"),
        CPU("ns", "SELECT stack, self_cpu_ns FROM flame WHERE self_cpu_ns > 0"),
        WAIT("ns", "SELECT stack, self_wait_ns FROM flame WHERE self_wait_ns > 0"),
        CALLS("calls", "SELECT stack, COUNT(*) FROM calls GROUP BY stack"),
        BYTES("bytes", "SELECT c.stack, SUM(a.size_bytes) FROM allocations AS a JOIN calls AS c ON c.call_id = a.call_id GROUP BY c.stack");

        final String unit;
        final String sql;

        Weight(String unit, String sql) {
            this.unit = unit;
            this.sql = sql;
        }
    }

    @Parameters(paramLabel = "RECORDING", arity = "1..2", description = "The recording directory; with --diff, A=RECORDING B=RECORDING.")
    List<String> recordings = new ArrayList<>();

    @Option(names = "--diff", description = "Compare two runs, named A=RECORDING B=RECORDING: a differential flame graph.")
    boolean diff;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE (default: stdout).")
    Path output;

    @Option(names = "--format", paramLabel = "FORMAT", description = "html (default) or collapsed (folded stacks).")
    String format = "html";

    @Option(names = "--weight", paramLabel = "WEIGHT", description = "time (default, self ns), cpu, wait, calls or bytes.")
    String weight = "time";

    @Option(names = "--show-sql", description = "Print the query that gives the stacks and their weights, and exit.")
    boolean showSql;

    @Override
    public Integer call() {
        Weight chosen = weight();
        String chosenFormat = format.toLowerCase(Locale.ROOT);
        if (!chosenFormat.equals("html") && !chosenFormat.equals("collapsed")) {
            throw usage("unknown format '" + format + "'; use html or collapsed.");
        }
        String sql = chosen.sql + " ORDER BY 1";
        if (showSql) {
            System.out.println(sql + ";");
            return 0;
        }
        if (diff != (recordings.size() == 2)) {
            throw usage(diff ? "--diff compares two runs; name them a=run1.profq b=run2.profq."
                    : "give one recording, or two with --diff (a=run1.profq b=run2.profq).");
        }
        RecordingConnections connections = RecordingConnections.of(spec, recordings);
        List<String> schemas = connections.schemaNames();
        FlameGraph graph = diff ? FlameGraph.differential() : new FlameGraph();
        try (Connection connection = connections.connect()) {
            for (int run = 0; run < (diff ? 2 : 1); run++) {
                connection.setSchema(schemas.get(run));
                try (Statement statement = connection.createStatement(); ResultSet stacks = statement.executeQuery(sql)) {
                    while (stacks.next()) {
                        if (run == 0) {
                            graph.add(stacks.getString(1), stacks.getLong(2));
                        } else {
                            graph.addSecond(stacks.getString(1), stacks.getLong(2));
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the flame graph's query failed", e), e);
        } catch (OutOfMemoryError e) {
            throw new CommandFailure(SqlErrors.outOfMemory("the flame graph's query failed"), e);
        }
        TextOutput.write(chosenFormat.equals("html") ? graph.html(String.join(" ", recordings), chosen.unit) : graph.collapsed(), output);
        return 0;
    }

    private Weight weight() {
        try {
            return Weight.valueOf(weight.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw usage("unknown weight '" + weight + "'; use time, cpu, wait, calls or bytes.");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
