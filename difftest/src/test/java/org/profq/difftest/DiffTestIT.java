package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The differential tester's fixed set, as CI runs it: {@value #CHECKS} generated checks
 * (queries against DuckDB, and {@code planner=plain} where they differ; TLP and NoREC relations)
 * spread over the three standard recordings, seed {@value #SEED}. Every check must pass, except
 * the known failures ({@code known-failures.txt}), named by the check as generated; a known
 * failure other than a timeout that now passes must be taken out of that file (a timeout may
 * pass on a faster machine). As many checks more, with any seed, are the bench's
 * ({@link Bench}): the fixed set is sized to take about 5 minutes on a 2-core machine.
 */
class DiffTestIT {
    static final long SEED = 20261128L;
    static final int CHECKS = 1500;

    @Test
    void everyGeneratedCheckPassesButTheKnownFailures() throws Exception {
        List<RecordingUnderTest> targets = StandardRecordings.open();
        KnownFailures known = KnownFailures.read();
        List<String> unexpected = new ArrayList<>();
        Set<KnownFailures.Entry> seen = new HashSet<>();
        DiffTester.Result result = DiffTester.run(targets, SEED, CHECKS / targets.size(), true, failure -> {
            Outcome.Verdict verdict = failure.outcome().verdict();
            String sql = failure.test().identity();
            if (known.covers(verdict, failure.recording(), sql)) {
                seen.add(new KnownFailures.Entry(verdict.label(), failure.recording(), sql));
            } else {
                RecordingUnderTest target = targets.stream().filter(t -> t.name().equals(failure.recording())).findFirst().orElseThrow();
                unexpected.add(Findings.describe(failure, target));
            }
        });
        System.out.println("difftest: seed " + SEED + "\n" + result.summary());
        assertEquals(CHECKS, result.total());
        assertTrue(unexpected.isEmpty(), unexpected.size() + " checks failed that are no known failure:\n\n"
                + String.join("\n", unexpected));
        List<String> passing = new ArrayList<>();
        for (KnownFailures.Entry entry : known.entries()) {
            if (!seen.contains(entry) && !entry.verdict().equals(Outcome.Verdict.TIMEOUT.label()) && generated(targets, entry)) {
                passing.add(entry.verdict() + " on " + entry.recording() + ": " + entry.sql());
            }
        }
        assertTrue(passing.isEmpty(), "these known failures pass now; take them out of known-failures.txt:\n"
                + String.join("\n", passing));
    }

    /** Whether {@code entry} names a check of this fixed set (and not a language form or a regression case). */
    private static boolean generated(List<RecordingUnderTest> targets, KnownFailures.Entry entry) {
        for (RecordingUnderTest target : targets) {
            if (target.name().equals(entry.recording())) {
                for (int i = 0; i < CHECKS / targets.size(); i++) {
                    if (DiffTester.generate(target, SEED, i).identity().equals(entry.sql())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
