package org.profq.cli.repl;

import java.nio.file.Path;

import org.profq.cli.output.OutputFormat;

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

    /** Values of :name placeholders, set with \set NAME VALUE, in the order set. */
    final java.util.Map<String, String> variables = new java.util.LinkedHashMap<>();
    /** The last statement that ran (SQL or the profiling language), and its result's columns and SQL types. */
    String lastStatement;
    java.util.Map<String, String> lastColumns = java.util.Map.of();
    /** The schemas open, for the language's compare and \sql. */
    java.util.List<String> schemas = java.util.List.of();

    ReplState(OutputFormat format) {
        this.format = format;
    }
}
