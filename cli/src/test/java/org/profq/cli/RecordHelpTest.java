package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** {@code profq record --help}: a synopsis that names every option, aligned, in 80 columns. */
class RecordHelpTest {

    @Test
    void theSynopsisNamesForAndStaysAligned() {
        String usage = new CommandLine(new RecordCommand()).getUsageMessage(CommandLine.Help.Ansi.OFF);
        List<String> synopsis = usage.lines().dropWhile(line -> !line.startsWith("Usage: ")).takeWhile(line -> !line.isEmpty()).toList();
        assertTrue(synopsis.get(0).startsWith("Usage: profq record [--include=PATTERN]..."), usage);
        for (String line : synopsis.subList(1, synopsis.size())) {
            assertTrue(line.startsWith("                    [") || line.startsWith("                    --"),
                    "every line after the first starts under the first option:\n" + String.join("\n", synopsis));
        }
        for (String line : synopsis) {
            assertTrue(line.length() <= 80, "wider than 80 columns: " + line);
        }
        assertTrue(String.join(" ", synopsis).contains("--for=REPORT[,REPORT...]"), usage);
        assertEquals("                    -- java [JVM options] MAIN [args...]", synopsis.get(synopsis.size() - 1));
    }
}
