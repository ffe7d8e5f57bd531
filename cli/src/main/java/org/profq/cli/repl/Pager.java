package org.profq.cli.repl;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;
import org.profq.cli.output.OutputFormat;

/**
 * Shows a result longer than the terminal one screen at a time, as psql's pager does: after
 * each screen a {@code -- more (N of M rows) --} prompt waits for a key read in raw mode;
 * Enter or Space shows the next screen, q (or Ctrl-C) stops and returns to the prompt.
 */
final class Pager {
    static final String KEYS = " -- Enter/Space: more, q: stop";

    private Pager() {
    }

    /**
     * Prints {@code text}, a result of {@code rows} rows in {@code format}, to {@code terminal},
     * paging it when {@code paging} and it is taller than the terminal.
     */
    static void show(String text, int rows, OutputFormat format, boolean paging, Terminal terminal) {
        PrintWriter out = terminal.writer();
        int height = terminal.getHeight();
        String[] lines = text.split("\n", -1);
        int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
        if (!paging || height < 3 || count < height) {
            out.print(text);
            out.flush();
            return;
        }
        int header = switch (format) {
            case TABLE, MARKDOWN -> 2;
            default -> 1;
        };
        int page = height - 1; // the last line holds the prompt
        int shown = 0;
        while (shown < count) {
            int end = Math.min(count, shown + page);
            for (int i = shown; i < end; i++) {
                out.print(lines[i]);
                out.print('\n');
            }
            shown = end;
            if (shown >= count) {
                break;
            }
            int rowsShown = Math.max(0, Math.min(rows, shown - header));
            out.print("-- more (" + rowsShown + " of " + rows + " rows) --" + KEYS.substring(" --".length()));
            out.flush();
            boolean more = awaitKey(terminal);
            out.print('\r');
            terminal.puts(Capability.clr_eol);
            out.flush();
            if (!more) {
                break;
            }
            page = height - 1;
        }
        out.flush();
    }

    /** Waits for a key: true for Enter or Space, false for q, Q, Ctrl-C or the end of input. */
    private static boolean awaitKey(Terminal terminal) {
        AtomicBoolean interrupted = new AtomicBoolean();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> interrupted.set(true));
        Attributes saved = terminal.enterRawMode();
        try {
            NonBlockingReader reader = terminal.reader();
            while (!interrupted.get()) {
                int key = reader.read(100);
                if (key == NonBlockingReader.READ_EXPIRED) {
                    continue;
                }
                switch (key) {
                    case '\r', '\n', ' ' -> {
                        return true;
                    }
                    case 'q', 'Q', 3, 4, NonBlockingReader.EOF -> {
                        return false;
                    }
                    default -> {
                        // other keys are ignored, as by psql's pager
                    }
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        } finally {
            terminal.setAttributes(saved);
            terminal.handle(Terminal.Signal.INT, previous);
        }
    }
}
