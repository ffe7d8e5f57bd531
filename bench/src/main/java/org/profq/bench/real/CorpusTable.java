package org.profq.bench.real;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compatibility corpus's markdown table: per program and JDK, whether it behaved the same
 * under profq (standard output, exit codes, standard error, files left in its working
 * directory, and again with classes from the woven-class cache), and how much of it profq left
 * unwoven: methods left unwoven among the methods the weaver saw, and why.
 */
final class CorpusTable {
    private CorpusTable() {
    }

    static String render(List<CompatibilitySuite.Row> rows, String header) {
        StringBuilder out = new StringBuilder(header).append("\n\n");
        long identical = rows.stream().filter(CompatibilitySuite.Row::identical).count();
        out.append(String.format(Locale.ROOT, "%d of %d rows identical.%n%n", identical, rows.size()));
        out.append("| program | producer / loading | JDK | identical stdout | exit plain / profq | stderr lines added / missing | new files "
                + "| cached run same | classes woven / left unwoven | methods left unwoven / seen (share) | why left unwoven | overhead |\n");
        out.append("| --- | --- | --- | --- | --- | ---: | --- | --- | ---: | ---: | --- | ---: |\n");
        for (CompatibilitySuite.Row row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d / %d | %d / %d | %s | %s | %,d / %,d | %s | %s | %s |%n",
                    row.program().name(), row.program().input(), row.jdk(), row.sameStdout() ? "yes" : "**no**", row.plainExit(),
                    row.profqExit(), row.addedStderr().size(), row.removedStderr().size(),
                    row.newFiles().isEmpty() ? "none" : "**" + String.join(", ", row.newFiles()) + "**",
                    row.cachedDifference() == null ? "-" : row.cachedDifference().isEmpty() ? "yes" : "**no**",
                    row.woven(), row.leftUnwoven(), methods(row), row.unwovenReasons().isEmpty() ? "-" : row.unwovenReasons(),
                    row.plainSeconds() > 0 ? String.format(Locale.ROOT, "%.1f× (%.1f s / %.1f s)", row.profqSeconds() / row.plainSeconds(),
                            row.profqSeconds(), row.plainSeconds()) : "-"));
        }
        List<String> notes = new ArrayList<>();
        for (CompatibilitySuite.Row row : rows) {
            String key = row.program().name() + ", JDK " + row.jdk() + ": ";
            if (!row.sameStdout() && !row.firstDifference().equals("not run")) {
                notes.add(key + row.firstDifference());
            }
            row.addedStderr().stream().limit(5).forEach(line -> notes.add(key + "stderr line added: `" + Behaviour.clip(line) + "`"));
            if (row.addedStderr().size() > 5) {
                notes.add(key + "… " + (row.addedStderr().size() - 5) + " more stderr lines added");
            }
            row.removedStderr().stream().limit(3).forEach(line -> notes.add(key + "stderr line missing under profq: `" + Behaviour.clip(line) + "`"));
            if (row.cachedDifference() != null && !row.cachedDifference().isEmpty()) {
                notes.add(key + "from the cache: " + row.cachedDifference());
            }
            row.notes().stream().limit(5).forEach(note -> notes.add(key + Behaviour.clip(note)));
        }
        if (!notes.isEmpty()) {
            out.append("\nNotes:\n");
            notes.forEach(note -> out.append("- ").append(note.replace("|", "\\|")).append('\n'));
        }
        return out.toString();
    }

    /** {@code 12 / 3,456 (0.35 %)}, or "not counted" for a recording that does not count methods. */
    static String methods(CompatibilitySuite.Row row) {
        if (row.methodsSeen() < 0) {
            return "not counted";
        }
        double share = row.methodsSeen() == 0 ? 0 : 100.0 * row.methodsLeftUnwoven() / row.methodsSeen();
        return String.format(Locale.ROOT, "%,d / %,d (%.2f %%)", row.methodsLeftUnwoven(), row.methodsSeen(), share);
    }
}
