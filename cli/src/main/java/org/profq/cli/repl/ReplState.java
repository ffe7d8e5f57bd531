package org.profq.cli.repl;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultTable;

/**
 * What the meta-commands change: the output format, timing, where results go, the values of
 * {@code :name} placeholders ({@code \set}), and the last statement run, for {@code \save}.
 */
final class ReplState {
    OutputFormat format;
    boolean timing;
    /** The file \o sends results to; null for the terminal. */
    Path output;
    /** Whether results taller than the terminal are shown a screen at a time (\pager on|off). */
    boolean pager = true;
    /** Whether a statement or meta-command failed, for the exit code of {@code profq sql -e}. */
    boolean failed;

    /** Values of :name placeholders, set with \set NAME VALUE, in the order set. */
    final Map<String, String> variables = new LinkedHashMap<>();
    /** The last statement that ran (SQL or the profiling language), and its result's columns and SQL types. */
    String lastStatement;
    Map<String, String> lastColumns = Map.of();

    ReplState(OutputFormat format) {
        this.format = format;
    }

    /** Notes that {@code statement} ran and gave {@code result}, for \save. */
    void ran(String statement, ResultTable result) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (int i = 0; i < result.columns().size(); i++) {
            columns.put(result.columns().get(i), result.types().get(i));
        }
        lastStatement = statement;
        lastColumns = columns;
    }
}
