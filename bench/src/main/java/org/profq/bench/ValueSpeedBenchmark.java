package org.profq.bench;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.profq.bench.SpeedRun.Score;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * What value profiles cost (issue 17), in one command: {@link ValueBenchmark}'s operations
 * unwoven, under profq with {@code events=calls}, and under profq with
 * {@code events=calls,values=*ValueWorkload.*Object*}; printed as markdown.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests &amp;&amp; java -cp bench/target/profq-bench.jar org.profq.bench.ValueSpeedBenchmark
 *     [--jvm /path/to/bin/java] [--verbose]
 * </pre>
 */
@Command(name = "ValueSpeedBenchmark", mixinStandardHelpOptions = true, description = "What value profiling costs per chosen call and per field write, against calls alone and unwoven (JMH in forked JVMs).")
public final class ValueSpeedBenchmark implements Callable<Integer> {
    @Mixin
    private ForkedJvmOptions jvm = new ForkedJvmOptions();


    static final String VALUES = "*ValueWorkload.*Object*";

    private static final Map<String, String> OPERATIONS = new LinkedHashMap<>();

    static {
        OPERATIONS.put("noObjects", "chosen call, 0 objects (1 int)");
        OPERATIONS.put("oneObject", "chosen call, 1 object");
        OPERATIONS.put("threeObjects", "chosen call, 3 objects");
        OPERATIONS.put("unchosen", "call of a method not chosen");
        OPERATIONS.put("writeFollowed", "field write to a followed object");
        OPERATIONS.put("writeUnfollowed", "field write to an object not followed");
    }

    /** The configurations, by label: their agent options (null: unwoven). */
    private static final Map<String, String> CONFIGURATIONS = new LinkedHashMap<>();

    static {
        CONFIGURATIONS.put("unwoven", null);
        CONFIGURATIONS.put("profq events=calls", "include=profq.bench.target..*,events=calls");
        CONFIGURATIONS.put("profq events=calls,values=" + VALUES, "include=profq.bench.target..*,events=calls,values=" + VALUES);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ValueSpeedBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        boolean verbose = jvm.verbose;
        BenchEnvironment environment = BenchEnvironment.locate(jvm.java);
        Map<String, Map<String, Score>> scores = new LinkedHashMap<>();
        for (Map.Entry<String, String> configuration : CONFIGURATIONS.entrySet()) {
            for (String operation : OPERATIONS.keySet()) {
                System.err.printf("values: %s, %s%n", configuration.getKey(), operation);
                String agent = configuration.getValue();
                scores.computeIfAbsent(configuration.getKey(), key -> new LinkedHashMap<>()).put(operation,
                        SpeedRun.run(environment, ValueBenchmark.class.getName() + "." + operation,
                                recording -> agent == null ? List.of()
                                        : List.of("-javaagent:" + environment.profqAgent() + "=" + agent + ",out=" + recording),
                                agent != null, verbose));
            }
        }
        System.out.print(report(scores));
        return 0;
    }

    private static String report(Map<String, Map<String, Score>> scores) {
        List<String> configurations = List.copyOf(CONFIGURATIONS.keySet());
        String jvm = scores.get(configurations.get(0)).get("noObjects").jvm();
        StringBuilder out = new StringBuilder(String.format("### Value profile costs, %s, JDK %s, %d cores%n%n", LocalDate.now(), jvm,
                Runtime.getRuntime().availableProcessors()));
        out.append("| operation |");
        configurations.forEach(configuration -> out.append(' ').append(configuration).append(" |"));
        out.append(" values cost (values − calls) |\n|---|").append("---:|".repeat(configurations.size() + 1)).append('\n');
        for (Map.Entry<String, String> operation : OPERATIONS.entrySet()) {
            out.append("| ").append(operation.getValue()).append(" |");
            for (String configuration : configurations) {
                Score score = scores.get(configuration).get(operation.getKey());
                out.append(String.format(Locale.ROOT, " %.1f (%.1f–%.1f) |", score.nanos(), score.fastest(), score.slowest()));
            }
            double cost = scores.get(configurations.get(2)).get(operation.getKey()).nanos()
                    - scores.get(configurations.get(1)).get(operation.getKey()).nanos();
            out.append(String.format(Locale.ROOT, " %.1f |%n", cost));
        }
        out.append("\nCells: median ns per operation over JMH's measurement iterations (fastest–slowest iteration).\n");
        return out.toString();
    }

    private ValueSpeedBenchmark() {
    }
}
