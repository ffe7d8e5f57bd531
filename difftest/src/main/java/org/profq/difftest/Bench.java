package org.profq.difftest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The differential tester from the command line: any number of generated checks over the
 * standard sample recordings (recorded on first use), with a seed given or drawn at random,
 * printing the counts by class and each failure, minimised.
 *
 * <pre>
 * java -XX:TieredStopAtLevel=1 -cp 'difftest/target/profq-difftest-0.1.0-SNAPSHOT.jar:difftest/target/lib/*' \
 *     org.profq.difftest.Bench [--queries N] [--seed S] [--work DIR] [--timeout SECONDS] [--findings FILE] [--no-minimise]
 * </pre>
 * {@code -XX:TieredStopAtLevel=1} (C1 alone) halves the CPU time a check takes: every generated
 * query is compiled to a class of its own, which C2 would compile again for the few thousand
 * rows it runs.
 * {@code --queries} is the total, spread evenly over the recordings (default 3000);
 * {@code --work} keeps the recordings and exports between runs (default
 * {@code target/difftest-work}); {@code --findings} appends each minimised failure, with its
 * plan, to a Markdown file.
 */
@Command(name = "Bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generated queries checked against plain Calcite and DuckDB over the sample recordings.")
public final class Bench implements Callable<Integer> {
    @Option(names = "--queries", paramLabel = "N", description = "checks in all, spread over the recordings (default: ${DEFAULT-VALUE})")
    private int queries = 3000;

    @Option(names = "--seed", paramLabel = "S", description = "the generator's seed (default: drawn at random, and printed)")
    private long seed = ThreadLocalRandom.current().nextLong(1, 1L << 40);

    @Option(names = "--work", paramLabel = "DIR", description = "keeps the recordings and exports between runs (default: target/difftest-work)")
    private Path work = Path.of("target", "difftest-work");

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "a statement's time limit (default: ${DEFAULT-VALUE})")
    private int timeout = 5;

    @Option(names = "--findings", paramLabel = "FILE", description = "appends each minimised failure, with its plan, to this Markdown file")
    private Path findings;

    @Option(names = "--no-minimise", negatable = false, description = "reports failures as generated, not minimised")
    private boolean noMinimise;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Bench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        boolean minimise = !noMinimise;
        List<RecordingUnderTest> targets = new ArrayList<>();
        for (SampleRecordings.Sample sample : SampleRecordings.STANDARD) {
            Path recording = SampleRecordings.record(sample, work);
            targets.add(RecordingUnderTest.open(sample.name(), recording, work, timeout));
        }
        System.out.printf("seed %d, %d checks over %s%n", seed, queries,
                targets.stream().map(RecordingUnderTest::name).toList());
        Path findingsFile = findings;
        DiffTester.Result result = DiffTester.run(targets, seed, queries / targets.size(), minimise, failure -> {
            RecordingUnderTest target = targets.stream().filter(t -> t.name().equals(failure.recording())).findFirst().orElseThrow();
            System.out.println(Findings.describe(failure, target));
            if (findingsFile != null) {
                Findings.append(findingsFile, failure, target);
            }
        });
        System.out.printf("seed %d%n%s", seed, result.summary());
        targets.forEach(RecordingUnderTest::close);
        return 0;
    }
}
