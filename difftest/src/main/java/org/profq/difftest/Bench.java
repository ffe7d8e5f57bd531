package org.profq.difftest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

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
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        int queries = 3000;
        long seed = ThreadLocalRandom.current().nextLong(1, 1L << 40);
        Path work = Path.of("target", "difftest-work");
        int timeout = 5;
        Path findings = null;
        boolean minimise = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--queries" -> queries = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                case "--timeout" -> timeout = Integer.parseInt(args[++i]);
                case "--findings" -> findings = Path.of(args[++i]);
                case "--no-minimise" -> minimise = false;
                default -> {
                    System.err.println("usage: Bench [--queries N] [--seed S] [--work DIR] [--timeout SECONDS] [--findings FILE] [--no-minimise]");
                    System.exit(2);
                }
            }
        }
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
        System.exit(0);
    }
}
