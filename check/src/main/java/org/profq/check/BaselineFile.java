package org.profq.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A baseline: a run's exact counts as a small text file to commit beside the code, one count a
 * line ({@code kind<TAB>count<TAB>subject}) in kind and subject order, so that a change of the
 * program shows as a change of a few lines in a diff. A comment line names the kinds counted, since
 * a kind with no counts (a program that threw nothing) differs from a kind not recorded. A calling
 * context's path ({@code frame;frame;…}) is written after the context on the line before it as
 * {@code ^N;rest}: its first N frames are that one's (a large program's paths run to thousands of
 * characters, and sorted paths share most of them), so the file stays about as large as a call tree.
 */
public final class BaselineFile {
    private static final String TITLE = "# profq baseline: the exact counts of a run (profq check compares a run with it)";
    private static final String KINDS = "# counted: ";
    private static final String FRAMES = ";";
    private static final String SHARED = "^";

    private BaselineFile() {
    }

    /** Writes {@code counts} to {@code file}. */
    public static void write(ExactCounts counts, Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(TITLE);
        lines.add(KINDS + String.join(", ", counts.kinds().stream().map(CountKind::word).toList()));
        for (CountKind kind : counts.kinds()) {
            String[] before = {};
            for (Map.Entry<String, Long> count : counts.of(kind).entrySet()) {
                String subject = count.getKey();
                if (kind == CountKind.CONTEXTS) {
                    String[] frames = subject.split(FRAMES, -1);
                    subject = afterThePathBefore(frames, before);
                    before = frames;
                }
                lines.add(kind.word() + "\t" + count.getValue() + "\t" + subject);
            }
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** {@code frames} as written after a context whose frames are {@code before}: {@code ^N;rest} when they share N > 0 leading frames. */
    private static String afterThePathBefore(String[] frames, String[] before) {
        int shared = 0;
        while (shared < frames.length - 1 && shared < before.length && frames[shared].equals(before[shared])) {
            shared++;
        }
        String rest = String.join(FRAMES, List.of(frames).subList(shared, frames.length));
        return shared == 0 ? rest : SHARED + shared + FRAMES + rest;
    }

    /** The path written as {@code written} after a context whose frames are {@code before}; null when it names more frames than that had. */
    private static String[] pathAfter(String written, String[] before) {
        if (!written.startsWith(SHARED)) {
            return written.split(FRAMES, -1);
        }
        int end = written.indexOf(FRAMES);
        int shared;
        try {
            shared = end < 0 ? -1 : Integer.parseInt(written.substring(SHARED.length(), end));
        } catch (NumberFormatException e) {
            return null;
        }
        if (shared < 1 || shared > before.length) {
            return null;
        }
        String[] rest = written.substring(end + FRAMES.length()).split(FRAMES, -1);
        String[] frames = new String[shared + rest.length];
        System.arraycopy(before, 0, frames, 0, shared);
        System.arraycopy(rest, 0, frames, shared, rest.length);
        return frames;
    }

    /** The counts in {@code file}; an IllegalArgumentException saying which line is wrong if it is not a baseline. */
    public static ExactCounts read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Set<CountKind> kinds = null;
        Map<CountKind, SortedMap<String, Long>> counts = new EnumMap<>(CountKind.class);
        String[] contextBefore = {};
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1);
            if (line.startsWith(KINDS)) {
                kinds = EnumSet.noneOf(CountKind.class);
                for (String word : line.substring(KINDS.length()).split(",")) {
                    if (!word.isBlank()) {
                        kinds.add(kind(word.strip(), file, number));
                    }
                }
                for (CountKind kind : kinds) {
                    counts.putIfAbsent(kind, new TreeMap<>());
                }
            } else if (!line.isBlank() && !line.startsWith("#")) {
                if (kinds == null) {
                    throw notAProfqBaseline(file);
                }
                String[] fields = line.split("\t", 3);
                if (fields.length != 3) {
                    throw notABaseline(file, number);
                }
                CountKind kind = kind(fields[0], file, number);
                if (!kinds.contains(kind)) {
                    throw new IllegalArgumentException("line " + number + " of " + file + " counts " + kind.word()
                            + ", which its '" + KINDS.substring(2).strip() + "' line leaves out; write baselines with profq check --save");
                }
                String subject = fields[2];
                if (kind == CountKind.CONTEXTS) {
                    String[] frames = pathAfter(subject, contextBefore);
                    if (frames == null) {
                        throw new IllegalArgumentException("line " + number + " of " + file + " shares more frames with the context"
                                + " before it than that has; write baselines with profq check --save");
                    }
                    subject = String.join(FRAMES, frames);
                    contextBefore = frames;
                }
                try {
                    counts.get(kind).merge(subject, Long.parseLong(fields[1]), Long::sum);
                } catch (NumberFormatException e) {
                    throw notABaseline(file, number);
                }
            }
        }
        if (kinds == null) {
            throw notAProfqBaseline(file);
        }
        return new ExactCounts(counts);
    }

    private static IllegalArgumentException notAProfqBaseline(Path file) {
        return new IllegalArgumentException(file + " is not a profq baseline (it has no '" + KINDS.strip()
                + "' line before its counts); write one with profq check --save FILE RECORDING");
    }

    private static CountKind kind(String word, Path file, int number) {
        try {
            return CountKind.of(word);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("line " + number + " of " + file + ": " + e.getMessage(), e);
        }
    }

    private static IllegalArgumentException notABaseline(Path file, int number) {
        return new IllegalArgumentException("line " + number + " of " + file
                + " is not KIND<TAB>COUNT<TAB>SUBJECT; write baselines with profq check --save FILE RECORDING");
    }
}
