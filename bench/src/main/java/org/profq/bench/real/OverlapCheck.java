package org.profq.bench.real;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * Where a time overlap is lost, by hand: the CPU profiles of profq recordings ({@code
 * time_by_method.self_cpu_ns}) and of async-profiler's collapsed CPU stacks, each normalised over
 * the program's own packages as the harness does, compared two by two with djprof's overlap, and
 * the methods whose shares differ most. Comparing profq with async-profiler run inside the same
 * profq run separates what profq measures wrongly from what the program does differently under
 * profq (async-profiler in a run without profq against the one inside it).
 *
 * <pre>
 * java -cp "bench/target/profq-bench.jar:bench/target/query-lib/*" org.profq.bench.real.OverlapCheck \
 *      --own org.apache.lucene. [--top 15] NAME=REC.profq ... NAME=FILE.collapsed ...
 * </pre>
 */
@Command(name = "OverlapCheck", mixinStandardHelpOptions = true,
        description = "Compares CPU profiles (profq recordings, async-profiler's collapsed stacks) two by two with djprof's overlap.")
public final class OverlapCheck implements Callable<Integer> {
    /** {@code -Dexclusive=true}: samples by djprof's exclusive rule ({@link CollapsedStacks#read}), else to the innermost own frame. */
    private static final boolean EXCLUSIVE = Boolean.getBoolean("exclusive");

    @Option(names = "--own", required = true, split = ",", paramLabel = "PREFIX",
            description = "the program's own packages, e.g. org.apache.lucene. (the profiles are normalised over them)")
    private List<String> own;

    @Option(names = "--top", description = "how many of the methods that differ most to list (default: ${DEFAULT-VALUE})")
    private int top = 15;

    @Parameters(paramLabel = "NAME=PROFILE", arity = "2..*",
            description = "a profile to compare, named: a recording (REC.profq) or async-profiler's collapsed stacks (FILE.collapsed)")
    private List<String> sources;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OverlapCheck()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Map<String, MethodProfile> profiles = new LinkedHashMap<>();
        for (String source : sources) {
            int equals = source.indexOf('=');
            if (equals < 0) {
                throw new ParameterException(new CommandLine(this), "a profile is NAME=PATH, not " + source);
            }
            profiles.put(source.substring(0, equals), read(Path.of(source.substring(equals + 1)), program(own)));
        }
        List<String> names = List.copyOf(profiles.keySet());
        System.out.println("overlap of self CPU time, %, over " + own + ":");
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                System.out.printf(Locale.ROOT, "  %s / %s: %.1f%n", names.get(a), names.get(b),
                        MethodProfile.overlapPercent(profiles.get(names.get(a)), profiles.get(names.get(b))));
            }
        }
        printLargestDifferences(profiles, names, top);
        return 0;
    }

    /** The methods whose shares differ most between the first two profiles, with their share in every profile. */
    private static void printLargestDifferences(Map<String, MethodProfile> profiles, List<String> names, int top) {
        MethodProfile first = profiles.get(names.get(0));
        MethodProfile second = profiles.get(names.get(1));
        Set<String> methods = new TreeSet<>(first.weights().keySet());
        methods.addAll(second.weights().keySet());
        System.out.println();
        System.out.println("| method | " + String.join(" | ", names) + " |");
        System.out.println("| --- |" + " ---: |".repeat(names.size()));
        methods.stream()
                .sorted(Comparator.comparingDouble((String m) -> -Math.abs(share(first, m) - share(second, m))))
                .limit(top)
                .forEach(method -> {
                    StringBuilder row = new StringBuilder("| " + method + " |");
                    for (String name : names) {
                        row.append(String.format(Locale.ROOT, " %.1f%% |", 100 * share(profiles.get(name), method)));
                    }
                    System.out.println(row);
                });
    }

    private static double share(MethodProfile profile, String method) {
        return profile.weights().getOrDefault(method, 0.0);
    }

    /** A profq recording's compensated self CPU time per method, or a collapsed file's CPU samples, as shares of the program's own. */
    private static MethodProfile read(Path source, Program program) throws Exception {
        if (source.getFileName().toString().endsWith(".collapsed")) {
            return CollapsedStacks.read(source, program, false, EXCLUSIVE).normalisedOver(program);
        }
        MethodProfile profile = new MethodProfile();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + source);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(RecordingProfileDump.SELF_CPU)) {
            while (rows.next()) {
                profile.add(rows.getString(1) + "." + rows.getString(2), rows.getLong(3));
            }
        }
        return profile.normalisedOver(program);
    }

    /** A program known only by its own packages, which is all the comparison needs of it. */
    private static Program program(List<String> own) {
        return new Program("", "", List.of(), "", List.of(), run -> List.of(), List.copyOf(own), "", null,
                Program.Normalisation.NONE, null);
    }

}
