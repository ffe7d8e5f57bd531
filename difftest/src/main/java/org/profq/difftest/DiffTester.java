package org.profq.difftest;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs generated checks over recordings and counts what they found. Check {@code i} of a
 * recording named {@code r} under seed {@code s} is generated from its own random source
 * ({@link #random}), so any one of them can be run again alone from the three numbers.
 */
public final class DiffTester {
    /** A failing check: where it came from, what it found, and its minimised form. */
    public record Failure(String recording, long seed, int index, TestCase test, Outcome outcome, Minimiser.Minimised minimised) {
    }

    /** The counts by class, the failures, and how long it took. */
    public record Result(Map<Outcome.Verdict, Integer> counts, List<Failure> failures, long millis) {
        public int total() {
            return counts.values().stream().mapToInt(Integer::intValue).sum();
        }

        public String summary() {
            StringBuilder text = new StringBuilder();
            for (Outcome.Verdict verdict : Outcome.Verdict.values()) {
                text.append(String.format("%-16s %7d%n", verdict.label(), counts.getOrDefault(verdict, 0)));
            }
            text.append(String.format("%-16s %7d  (%.1f s)%n", "total", total(), millis / 1000.0));
            return text.toString();
        }
    }

    private DiffTester() {
    }

    /** The random source of check {@code index} of recording {@code recording} under {@code seed}. */
    static Random random(long seed, String recording, int index) {
        return new Random(seed * 1_000_003L + recording.hashCode() * 7_919L + index);
    }

    /** The check {@code index} of {@code target} under {@code seed}. */
    public static TestCase generate(RecordingUnderTest target, long seed, int index) {
        return new QueryGenerator(target.catalogue(), random(seed, target.name(), index)).next();
    }

    /**
     * Runs {@code perRecording} checks on each of {@code targets} on as many threads as there
     * are processors (at most one per recording, whose connections answer one statement at a
     * time); minimises each failure when {@code minimise}; tells {@code progress} of each failure
     * as it is found. The checks are dealt out in batches ({@link Batches}), so that no thread
     * idles while another recording still has checks left.
     */
    public static Result run(List<RecordingUnderTest> targets, long seed, int perRecording, boolean minimise,
                             Consumer<Failure> progress) throws InterruptedException {
        long started = System.nanoTime();
        Map<Outcome.Verdict, Integer> counts = new EnumMap<>(Outcome.Verdict.class);
        List<Failure> failures = new ArrayList<>();
        int threadCount = Math.max(1, Math.min(targets.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService threads = Executors.newFixedThreadPool(threadCount);
        Batches batches = new Batches(targets, perRecording);
        List<Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < threadCount; t++) {
            runs.add(threads.submit(() -> {
                for (Batches.Batch batch = batches.take(); batch != null; batch = batches.take()) {
                    try {
                        RecordingUnderTest target = targets.get(batch.target());
                        Checker checker = new Checker(target);
                        for (int i = batch.from(); i < batch.to(); i++) {
                            TestCase test = generate(target, seed, i);
                            Outcome outcome = checker.check(test);
                            synchronized (counts) {
                                counts.merge(outcome.verdict(), 1, Integer::sum);
                            }
                            if (outcome.failed()) {
                                Minimiser.Minimised minimised = minimise ? new Minimiser(checker::check).minimise(test, outcome)
                                        : new Minimiser.Minimised(test, outcome);
                                Failure failure = new Failure(target.name(), seed, i, test, outcome, minimised);
                                synchronized (failures) {
                                    failures.add(failure);
                                    progress.accept(failure);
                                }
                            }
                        }
                    } finally {
                        batches.done(batch);
                    }
                }
                return null;
            }));
        }
        threads.shutdown();
        for (Future<?> run : runs) {
            try {
                run.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("the tester itself failed: " + e.getCause(), e.getCause());
            }
        }
        return new Result(counts, failures, (System.nanoTime() - started) / 1_000_000);
    }

    /** Runs {@code tests} (the language's statements, say) on {@code target}, counting into a result. */
    public static Result runAll(RecordingUnderTest target, List<TestCase> tests, Consumer<Failure> progress) {
        long started = System.nanoTime();
        Map<Outcome.Verdict, Integer> counts = new EnumMap<>(Outcome.Verdict.class);
        List<Failure> failures = new ArrayList<>();
        Checker checker = new Checker(target);
        for (int i = 0; i < tests.size(); i++) {
            Outcome outcome = checker.check(tests.get(i));
            counts.merge(outcome.verdict(), 1, Integer::sum);
            if (outcome.failed()) {
                Failure failure = new Failure(target.name(), 0, i, tests.get(i), outcome, new Minimiser.Minimised(tests.get(i), outcome));
                failures.add(failure);
                progress.accept(failure);
            }
        }
        return new Result(counts, failures, (System.nanoTime() - started) / 1_000_000);
    }
}
