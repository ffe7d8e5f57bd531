package org.profq.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;
import org.profq.cli.top.TopFrame;
import org.profq.cli.top.TopFrame.View;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq top REC}: a full-screen view, redrawn every second, of the hottest methods by self
 * CPU time (by self wall time with {@code --by=wall} or after {@code w}; or, after {@code h}, the
 * top allocation sites), with the recording's age and events per second. On a recording still
 * being written it follows the program; on a finished one it shows the whole run. {@code q} (or
 * Ctrl-C) quits, {@code t}, {@code w} and {@code h} switch views. Without a terminal it prints
 * one screen and ends.
 */
@Command(name = "top",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Shows a recording's hottest methods and allocation sites, live, full screen.",
        customSynopsis = "profq top RECORDING [--by=cpu|wall] [--heap] [--interval=SECONDS]",
        description = {"%nKeys: t time (hottest methods by self CPU time), w wall time (by self wall time, which counts"
                + " sleeping, blocking and waiting too), h heap (top allocation sites by bytes), q quit.",
                "Every figure is a query: profq top --help-sql prints them.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the recording cannot be read", "2:usage error"})
public final class TopCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDING", description = "The recording directory, finished or still being written.")
    String recording;

    @Option(names = "--by", paramLabel = "CLOCK", description = "Rank the methods by self cpu time (the default) or self wall time"
            + " (wall: waiting counts too).")
    String by = "cpu";

    @Option(names = "--heap", description = "Start with the allocation sites rather than the methods.")
    boolean heap;

    @Option(names = "--interval", paramLabel = "SECONDS", description = "Seconds between screens (default 1).")
    double interval = 1;

    @Option(names = "--help-sql", description = "Print the queries behind the screen, and exit.")
    boolean helpSql;

    @Override
    public Integer call() throws IOException, SQLException {
        if (helpSql) {
            for (View view : View.values()) {
                System.out.println(view.sql.replace("?", "<rows that fit>") + ";");
            }
            return 0;
        }
        if (!by.equals("cpu") && !by.equals("wall")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--by is cpu or wall, not '" + by + "'.");
        }
        if (!(interval >= 0.1)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--interval is 0.1 seconds or more.");
        }
        Connection connection = RecordingConnections.connect(spec, List.of(recording));
        boolean drawing = false;
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            TopFrame frame = new TopFrame();
            View view = heap ? View.HEAP : by.equals("wall") ? View.TIME_WALL : View.TIME;
            if (Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType())) {
                frame.draw(connection, recording, view, Integer.MAX_VALUE, 25).forEach(System.out::println);
                return 0;
            }
            drawing = show(terminal, connection, frame, view);
            return 0;
        } finally {
            if (!drawing) {
                connection.close(); // a screen still being drawn is left to the exit: closing would wait for it
            }
        }
    }

    /**
     * Redraws until q or Ctrl-C, on the terminal's alternate screen, restored afterwards. Each
     * screen is drawn on a thread of its own while this one keeps reading keys: on a recording
     * that grows fast a screen's queries index seconds of new events, and q must not wait for
     * them. Returns whether it quit while a screen was still being drawn.
     */
    private boolean show(Terminal terminal, Connection connection, TopFrame frame, View first) throws IOException {
        AtomicBoolean quit = new AtomicBoolean();
        terminal.handle(Terminal.Signal.INT, signal -> quit.set(true));
        Attributes original = terminal.enterRawMode();
        terminal.puts(Capability.enter_ca_mode);
        terminal.puts(Capability.cursor_invisible);
        PrintWriter out = terminal.writer();
        NonBlockingReader keys = terminal.reader();
        ExecutorService drawer = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "profq-top-draw");
            thread.setDaemon(true);
            return thread;
        });
        View[] view = {first};
        Future<List<String>> screen = null;
        try {
            terminal.puts(Capability.clear_screen);
            out.println("profq top " + recording + "  reading the recording ...  q: quit");
            out.flush();
            while (!quit.get()) {
                View shown = view[0];
                screen = drawer.submit(() -> frame.draw(connection, recording, shown, terminal.getWidth(), terminal.getHeight() - 1));
                while (!screen.isDone() && !quit.get()) {
                    readKey(keys, 100, quit, view);
                }
                if (quit.get()) {
                    break;
                }
                List<String> lines = screen.get();
                terminal.puts(Capability.clear_screen);
                lines.forEach(out::println);
                out.flush();
                if (view[0] != shown) {
                    continue; // a key chose another view while this screen was drawn
                }
                long until = System.currentTimeMillis() + Math.round(interval * 1000);
                for (long left = until - System.currentTimeMillis(); left > 0 && !quit.get(); left = until - System.currentTimeMillis()) {
                    if (readKey(keys, Math.min(left, 100), quit, view)) {
                        break; // another view: redraw at once
                    }
                }
            }
            return screen != null && !screen.isDone();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return screen != null && !screen.isDone();
        } catch (ExecutionException e) {
            throw new CommandFailure("profq top could not draw its screen: " + e.getCause().getMessage(), e.getCause());
        } finally {
            drawer.shutdown(); // a screen still being drawn is not interrupted: the exit ends it
            terminal.puts(Capability.cursor_visible);
            terminal.puts(Capability.exit_ca_mode);
            terminal.setAttributes(original);
            out.flush();
        }
    }

    /** Reads one key, waiting at most {@code millis}: q (or the end of input) quits; t, w and h choose a view, and return true. */
    private static boolean readKey(NonBlockingReader keys, long millis, AtomicBoolean quit, View[] view) throws IOException {
        int key = keys.read(millis);
        if (key == 'q' || key == 'Q' || key == NonBlockingReader.EOF) {
            quit.set(true);
        } else if (key > 0 && "hHtTwW".indexOf(key) >= 0) {
            view[0] = switch (Character.toLowerCase(key)) {
                case 'h' -> View.HEAP;
                case 'w' -> View.TIME_WALL;
                default -> View.TIME;
            };
            return true;
        }
        return false;
    }
}
