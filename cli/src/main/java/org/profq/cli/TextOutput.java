package org.profq.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a command's text goes: stdout (also for {@code -o -}, as in other tools), or the file given with {@code -o} (said on stderr). */
final class TextOutput {

    /** Prints {@code text}, or writes it to {@code file} when there is one; a file that cannot be written is a failure. */
    static void write(String text, Path file) {
        if (file == null || file.toString().equals("-")) {
            System.out.print(text);
            System.out.flush();
            return;
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CommandFailure("cannot write " + file + " (" + e.getMessage() + "); choose another file with -o.", e);
        }
        System.err.println("profq: wrote " + file);
    }

    private TextOutput() {
    }
}
