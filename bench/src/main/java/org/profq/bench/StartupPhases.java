package org.profq.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a profq process's CPU time goes, from async-profiler's CPU samples of each thread
 * ({@code threads,collapsed}: every stack starts with {@code [name tid=N]}): per thread (the
 * main thread, the warm-up thread, the JIT compilers, the garbage collector) and, for the main
 * thread, per phase, named by the first frame of a stack that marks one (a run before the
 * fast-start work has no warm-up, and its phases are found the same way). One sample is a
 * millisecond of CPU; each row is the median over the runs added.
 */
final class StartupPhases {
    /** Main-thread phases: the frame that marks each, in the order they are looked for. */
    private static final Map<String, String> PHASES = phases();
    private static final String MAIN_OTHER = "main: JVM start-up, loading the main class";

    private final Map<String, List<Double>> milliseconds = new LinkedHashMap<>();
    private int runs;

    /** Adds one run's collapsed stacks. */
    void add(Path collapsed) {
        Map<String, Double> run = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(collapsed)) {
                int space = line.lastIndexOf(' ');
                int firstFrame = line.indexOf(';');
                if (space < 0 || firstFrame < 0 || !line.startsWith("[")) {
                    continue;
                }
                double samples = Double.parseDouble(line.substring(space + 1));
                String stack = line.substring(firstFrame + 1, space);
                String thread = thread(line.substring(1, firstFrame - 1)); // [name tid=N]
                run.merge(thread, samples, Double::sum);
                if (thread.equals("main")) {
                    run.merge(phase(stack), samples, Double::sum);
                }
                run.merge("all threads", samples, Double::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String row : rows()) {
            milliseconds.computeIfAbsent(row, name -> new ArrayList<>()).add(run.getOrDefault(row, 0.0));
        }
        runs++;
    }

    String markdown(String title) {
        StringBuilder table = new StringBuilder("| " + title + " | ms |\n| --- | ---: |\n");
        for (String row : rows()) {
            List<Double> values = milliseconds.getOrDefault(row, List.of());
            if (values.size() == runs && runs > 0) {
                table.append("| ").append(row).append(" | ")
                        .append(String.format("%.0f", FirstAnswerBenchmark.median(values.stream().sorted().toList()))).append(" |\n");
            }
        }
        return table.toString();
    }

    private static List<String> rows() {
        List<String> rows = new ArrayList<>(List.of("all threads", "main"));
        rows.addAll(PHASES.values());
        rows.add(MAIN_OTHER);
        rows.addAll(List.of("profq-warm-up", "JIT: C1", "JIT: C2", "garbage collector", "other threads"));
        return rows;
    }

    /** The thread's kind, from async-profiler's {@code name tid=N}. */
    private static String thread(String nameAndId) {
        String name = nameAndId.replaceFirst(" ?tid=\\d+$", "");
        if (name.equals("main") || name.equals("profq-warm-up")) {
            return name;
        }
        if (name.startsWith("C1 Compiler")) {
            return "JIT: C1";
        }
        if (name.startsWith("C2 Compiler")) {
            return "JIT: C2";
        }
        if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("VM Thread")) {
            return "garbage collector";
        }
        return "other threads";
    }

    private static String phase(String stack) {
        for (Map.Entry<String, String> phase : PHASES.entrySet()) {
            if (stack.contains(phase.getKey())) {
                return phase.getValue();
            }
        }
        return MAIN_OTHER;
    }

    private static Map<String, String> phases() {
        Map<String, String> phases = new LinkedHashMap<>();
        phases.put("org/profq/engine/jdbc/EngineWarmUp.awaitEnd", "main: waits for the warm-up thread");
        phases.put("org/profq/recording/Recording.open", "main: opens the recording");
        phases.put("org/apache/calcite/prepare/CalcitePrepareImpl.prepare_", "main: plans the query (Calcite, Janino)");
        phases.put("org/profq/engine/jdbc/ProfqDriver.connect", "main: Calcite connection, schema");
        phases.put("picocli/CommandLine.<init>", "main: reads the command line (picocli)");
        phases.put("org/profq/cli/SqlCommand", "main: runs the query, prints the rows");
        return phases;
    }
}
