package org.profq.cli.repl;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp.Capability;
import org.profq.cli.output.ResultTable;

/**
 * {@code \watch SECONDS QUERY}, as in psql: runs the query again every SECONDS and redraws its
 * result under a header with the time, until Ctrl-C, an error, or a cancelled query. On a
 * recording still being written each run sees what the recorder has flushed since
 * ({@code flush=}, a second by default). Results are not paged while watched.
 */
final class Watch {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private Watch() {
    }

    static void run(String argument, Terminal terminal, MetaCommands.Runner runner, ReplState state) {
        var out = terminal.writer();
        int space = argument.indexOf(' ');
        double seconds;
        try {
            seconds = Double.parseDouble(space < 0 ? argument : argument.substring(0, space));
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        String query = space < 0 ? "" : argument.substring(space + 1).strip();
        if (!(seconds >= 0.1 && seconds <= 86_400) || query.isEmpty()) {
            out.println("ERROR: \\watch takes a period in seconds (0.1 or more) and a query: \\watch 2 SELECT COUNT(*) FROM calls");
            return;
        }
        long periodMillis = Math.round(seconds * 1000);
        AtomicBoolean stopped = new AtomicBoolean();
        Thread watching = Thread.currentThread();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> {
            stopped.set(true);
            watching.interrupt();
        });
        boolean pager = state.pager;
        state.pager = false;
        try {
            for (int refresh = 1; !stopped.get(); refresh++) {
                if (state.output == null) {
                    terminal.puts(Capability.clear_screen);
                }
                out.printf(Locale.ROOT, "%s, every %s s (refresh %d; Ctrl-C stops): %s%n", LocalTime.now().format(CLOCK),
                        periodText(seconds), refresh, query);
                out.flush();
                ResultTable table = runner.runAndShow(QuerySession.query(query), terminal);
                if (table == null) {
                    break; // its error, or "query cancelled.", is on the screen
                }
                Thread.sleep(periodMillis);
            }
        } catch (InterruptedException e) {
            // Ctrl-C while waiting for the next run
        } finally {
            Thread.interrupted();
            state.pager = pager;
            terminal.handle(Terminal.Signal.INT, previous);
        }
        out.println("\\watch stopped.");
        out.flush();
    }

    private static String periodText(double seconds) {
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds);
    }
}
