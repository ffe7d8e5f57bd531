package org.profq.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program running in a real pseudo-terminal: a detached tmux session on its own server
 * socket, driven with send-keys and read with capture-pane, as a user at a terminal would.
 */
final class Tmux implements AutoCloseable {
    private static final long TIMEOUT_MILLIS = 60_000;
    private final String socket;
    private final String session = "profq";

    private Tmux(String socket) {
        this.socket = socket;
    }

    static boolean available() {
        try {
            return new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Starts {@code command} in {@code dir} in a 150×50 terminal; "EXITED n" is printed when it ends. */
    static Tmux start(Path dir, List<String> command) throws IOException, InterruptedException {
        return start(dir, command, 150, 50);
    }

    /** Starts {@code command} in {@code dir} in a {@code width}×{@code height} terminal. */
    static Tmux start(Path dir, List<String> command, int width, int height) throws IOException, InterruptedException {
        // The shell outlives a Ctrl-C as an interactive one does (a trap, not an ignore: the command
        // still gets SIGINT), so that "EXITED n" is printed after a program that quits on it.
        StringBuilder script = new StringBuilder("trap 'true' INT; cd '" + dir + "' && ");
        for (String word : command) {
            script.append('\'').append(word.replace("'", "'\\''")).append("' ");
        }
        script.append("; echo EXITED $?; sleep 600\n");
        Path file = Files.writeString(Files.createTempFile(dir, "tmux", ".sh"), script.toString());
        Tmux tmux = new Tmux("profq-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        tmux.tmux("new-session", "-d", "-s", tmux.session, "-x", String.valueOf(width), "-y", String.valueOf(height), "sh " + file);
        return tmux;
    }

    /** Types {@code text} literally (a trailing ';' escaped from tmux's command parser), then Enter. */
    void typeLine(String text) throws IOException, InterruptedException {
        type(text);
        keys("Enter");
    }

    void type(String text) throws IOException, InterruptedException {
        tmux("send-keys", "-t", session, "-l", text.endsWith(";") ? text.substring(0, text.length() - 1) + "\\;" : text);
    }

    /** Sends keys by tmux name: Enter, Tab, C-c, C-d, Up. */
    void keys(String... names) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", session));
        args.addAll(List.of(names));
        tmux(args.toArray(String[]::new));
    }

    /** The screen and its scrollback, lines joined as the program wrote them. */
    String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-J", "-S", "-500", "-t", session);
    }

    /** Waits until the screen shows {@code text}, failing with the screen if it never does. */
    String await(String text) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        String screen = screen();
        while (!screen.contains(text)) {
            if (System.currentTimeMillis() > deadline) {
                fail("the terminal never showed '" + text + "':\n" + screen);
            }
            Thread.sleep(100);
            screen = screen();
        }
        return screen;
    }

    /** Waits until {@code text} appears {@code times} times (for output that repeats, like a prompt). */
    String await(String text, int times) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        String screen = screen();
        while (count(screen, text) < times) {
            if (System.currentTimeMillis() > deadline) {
                fail("the terminal never showed '" + text + "' " + times + " times:\n" + screen);
            }
            Thread.sleep(100);
            screen = screen();
        }
        return screen;
    }

    private static int count(String screen, String text) {
        int count = 0;
        for (int at = screen.indexOf(text); at >= 0; at = screen.indexOf(text, at + 1)) {
            count++;
        }
        return count;
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("tmux " + String.join(" ", args) + " failed: " + output);
        }
        return output;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        tmux("kill-server");
    }
}
