package org.profq.cli.repl;

import java.nio.file.Path;

import org.profq.cli.output.OutputFormat;

/** What the meta-commands change: the output format, timing, and where results go. */
final class ReplState {
    OutputFormat format;
    boolean timing;
    /** The file \o sends results to; null for the terminal. */
    Path output;
    /** Whether results taller than the terminal are shown a screen at a time (\pager on|off). */
    boolean pager = true;

    ReplState(OutputFormat format) {
        this.format = format;
    }
}
