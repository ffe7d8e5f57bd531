package org.profq.bench.real;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The suite's own programs as a Markdown table, one row per program and JDK, with the notes that
 * explain each difference: what the suite prints and the compatibility page shows (the corpus
 * has its own, {@link CorpusTable}).
 */
final class SuiteTable {
    private SuiteTable() {
    }

    static String render(List<CompatibilitySuite.Row> rows, String header) {
        StringBuilder out = new StringBuilder(header).append("\n\n");
        out.append("| program | main class's jar (class-file version) | JDK | identical stdout | exit plain / profq | stderr lines added by profq "
                + "| classes woven / left unwoven | JVMs recorded | new files in working dir | overhead (1 pair) |\n");
        out.append("| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: |\n");
        for (CompatibilitySuite.Row row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d / %d | %d | %,d / %d | %d | %s | %.2f× (%.2f s / %.2f s) |%n",
                    row.program().name(), row.mainJar(), row.jdk(), row.sameStdout() ? "yes" : "**no**", row.plainExit(), row.profqExit(),
                    row.addedStderr().size(), row.woven(), row.leftUnwoven(), row.jvms(),
                    row.newFiles().isEmpty() ? "none" : "**" + String.join(", ", row.newFiles()) + "**",
                    row.profqSeconds() / row.plainSeconds(), row.profqSeconds(), row.plainSeconds()));
        }
        out.append("\nPrograms:\n");
        rows.stream().map(CompatibilitySuite.Row::program).distinct().forEach(p -> out.append("- `").append(p.name()).append("`: ").append(p.input()).append('\n'));
        List<String> notes = new ArrayList<>();
        for (CompatibilitySuite.Row row : rows) {
            String key = row.program().name() + ", JDK " + row.jdk() + ": ";
            if (!row.sameStdout()) {
                notes.add(key + row.firstDifference());
            }
            row.addedStderr().stream().limit(10).forEach(line -> notes.add(key + "stderr line added: `" + Behaviour.clip(line) + "`"));
            if (row.addedStderr().size() > 10) {
                notes.add(key + "… " + (row.addedStderr().size() - 10) + " more stderr lines added");
            }
            row.removedStderr().stream().limit(5).forEach(line -> notes.add(key + "stderr line missing under profq: `" + Behaviour.clip(line) + "`"));
            if (row.leftUnwoven() > 0) {
                notes.add(key + "left unwoven by reason: " + row.unwovenReasons());
            }
            row.notes().forEach(note -> notes.add(key + note));
        }
        if (!notes.isEmpty()) {
            out.append("\nNotes:\n");
            notes.forEach(note -> out.append("- ").append(note).append('\n'));
        }
        return out.toString();
    }
}
