package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The differential tester's fixed set, as CI runs it: {@value #CHECKS} generated checks
 * (queries against {@code planner=plain} and DuckDB, TLP and NoREC relations) spread over the
 * three standard recordings, seed {@value #SEED}. Every check must pass, except those whose
 * minimised form is a known failure ({@code known-failures.txt}).
 */
class DiffTestIT {
    static final long SEED = 20261128L;
    static final int CHECKS = 5001;

    @Test
    void everyGeneratedCheckPassesButTheKnownFailures() throws Exception {
        List<RecordingUnderTest> targets = StandardRecordings.open();
        Set<String> known = KnownFailures.read();
        List<String> unexpected = new ArrayList<>();
        DiffTester.Result result = DiffTester.run(targets, SEED, CHECKS / targets.size(), true, failure -> {
            if (!known.contains(failure.minimised().outcome().sql())) {
                RecordingUnderTest target = targets.stream().filter(t -> t.name().equals(failure.recording())).findFirst().orElseThrow();
                unexpected.add(Findings.describe(failure, target));
            }
        });
        System.out.println("difftest: seed " + SEED + "\n" + result.summary());
        assertEquals(CHECKS, result.total());
        assertTrue(unexpected.isEmpty(), unexpected.size() + " checks failed that are no known failure:\n\n"
                + String.join("\n", unexpected));
    }
}
