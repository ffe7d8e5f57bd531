package org.profq.cli;

import java.io.IOException;
import java.util.List;

import sun.misc.Signal;

/**
 * Runs the program as a child process sharing profq's terminal (inherited stdin, stdout and
 * stderr), and returns its exit code as a shell reports it: 128 + the signal for a killed one.
 *
 * <p>profq outlives the program so that its summary comes after the program has ended and the
 * recording is complete. Ctrl-C already reaches the program, which is in the same process group,
 * so profq ignores SIGINT; a SIGTERM or SIGHUP sent to profq alone is passed on as SIGTERM.
 */
final class ProgramRun {
    static int run(List<String> command) throws IOException {
        Process program = new ProcessBuilder(command).inheritIO().start();
        handle("INT", () -> { });
        handle("TERM", program::destroy);
        handle("HUP", program::destroy);
        boolean interrupted = false;
        while (true) {
            try {
                int exitCode = program.waitFor();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return exitCode;
            } catch (InterruptedException e) {
                interrupted = true; // keep waiting: the program decides when the run ends
            }
        }
    }

    private static void handle(String signal, Runnable action) {
        try {
            Signal.handle(new Signal(signal), received -> action.run());
        } catch (IllegalArgumentException unavailable) {
            // no such signal on this platform, or the JVM keeps it (-Xrs): its default stays
        }
    }

    private ProgramRun() {
    }
}
